import { useCallback, useState } from 'react';

/**
 * The React key of an editor whose record may not exist yet (decision 025). An editor of a new record saves it
 * and then moves to the record's own address; `onCreated` marks that id, so the same editor stays on screen (its
 * "saved" notice and focus kept) instead of a fresh one being mounted for the new address.
 */
export function useEditorKey(id: string, isNew: boolean): { editorKey: string; onCreated: (id: number) => void } {
  const [createdId, setCreatedId] = useState<string>();
  const onCreated = useCallback((created: number) => setCreatedId(String(created)), []);
  return { editorKey: isNew || createdId === id ? 'new' : id, onCreated };
}
