/**
 * A call with its dependencies bound: it takes its options object without the keys `Deps` holds (optional when
 * nothing is left), and is `never` when `Deps` does not give the call what it asks of those keys.
 */
type BoundCall<Deps, Call> = Call extends (options: infer Options) => infer Answer
  ? Deps extends Pick<Options, keyof Deps & keyof Options>
    ? object extends Omit<Options, keyof Deps>
      ? (options?: Omit<Options, keyof Deps>) => Answer
      : (options: Omit<Options, keyof Deps>) => Answer
    : never
  : never;

/** A service object's calls (decision 067). */
export type BoundCalls<Deps, Calls> = { [Name in keyof Calls]: BoundCall<Deps, Calls[Name]> };

/**
 * A module's service object (decision 067): its service functions, which take one options object (STYLE.md 4), with
 * what `deps` holds (the database, a cache, the settings) filled in, so a route hands the request's values only:
 * `app.licences.listUserProducts({ caller })`. Built once by `buildApp`.
 */
export function bindDependencies<Deps extends object, Calls extends Record<string, (options: never) => unknown>>(
  deps: Deps,
  calls: Calls,
): BoundCalls<Deps, Calls> {
  const bound = Object.entries(calls).map(([name, call]) => [name, (options?: object) => call({ ...options, ...deps } as never)]);
  return Object.fromEntries(bound) as BoundCalls<Deps, Calls>;
}
