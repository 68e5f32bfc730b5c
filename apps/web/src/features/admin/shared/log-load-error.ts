import { errorText } from '../../../lib/api-client';

const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Admin screens' load failures go to the console only (spec §8); the query still fails. */
export async function logLoadError<T>(what: string, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (!isCancelled(error)) console.error(`Failed to load ${what}: ${errorText(error)}`);
    throw error;
  }
}
