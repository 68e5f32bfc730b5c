import { html } from '@codemirror/lang-html';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

type HtmlCodeEditorProps = { value: string; onChange: (value: string) => void; onBlur: () => void; labelId: string };

/**
 * CodeMirror 6 with HTML highlighting and completion; its own chunk, loaded only by the page editor. It fills the box
 * the form gives it, and scrolls inside.
 */
export function HtmlCodeEditor({ value, onChange, onBlur, labelId }: HtmlCodeEditorProps) {
  // Stable: a new extensions array would make CodeMirror reconfigure on every render.
  const extensions = useMemo(
    () => [html(), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-labelledby': labelId })],
    [labelId],
  );
  return (
    <CodeMirror
      className="html-code-editor h-100"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      height="100%"
      // Tab moves the focus on, as in every other field, instead of indenting: no keyboard trap (WCAG 2.1.2).
      indentWithTab={false}
      extensions={extensions}
    />
  );
}
