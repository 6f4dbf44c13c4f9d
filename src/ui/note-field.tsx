/**
 * A text area for notes, reasons and descriptions: it grows with its text and hands back the text,
 * not the event. The forms of every feature use it, so a note field reads and behaves the same.
 */
import { Textarea, type TextareaProps } from '@mantine/core';

type Props = Omit<TextareaProps, 'onChange' | 'autosize'> & { onChange: (text: string) => void };

export function NoteField({ onChange, minRows = 2, ...props }: Props) {
  return <Textarea autosize minRows={minRows} {...props} onChange={(event) => onChange(event.currentTarget.value)} />;
}
