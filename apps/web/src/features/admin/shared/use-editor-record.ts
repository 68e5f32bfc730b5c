import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { NEW_RECORD } from '../../../config/paths';

type EditorRecord = {
  /** The record's id from the address; 0 while the record is new (the id the server's create calls take). */
  recordId: number;
  /** The address is the editor of a record not created yet: /admin/{kind}/new (decision 068). */
  isNew: boolean;
  /** The React key of the editor form. */
  editorKey: string;
  /** Marks the id of the record the first save created. */
  onCreated: (id: number) => void;
};

/**
 * The record an admin editor (/admin/{kind}/{id}) shows, or a new one at /admin/{kind}/new (decisions 025 and
 * 068). An editor of a new record saves it and then moves to the record's own address; `onCreated` marks that id,
 * so the same editor stays on screen (its "saved" notice and focus kept) instead of a fresh one being mounted for
 * the new address.
 */
export function useEditorRecord(): EditorRecord {
  const id = useParams().id ?? '';
  const isNew = id === NEW_RECORD;
  const [createdId, setCreatedId] = useState<string>();
  const onCreated = useCallback((created: number) => setCreatedId(String(created)), []);
  return { recordId: isNew ? 0 : Number(id), isNew, editorKey: isNew || createdId === id ? NEW_RECORD : id, onCreated };
}
