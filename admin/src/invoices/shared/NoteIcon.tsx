import { useEffect, useState } from 'react';
import NoteIconOutlined from '@mui/icons-material/StickyNote2Outlined';
import NoteIconFilled from '@mui/icons-material/StickyNote2';

/** Spec 000 section 9: note icon highlight delay 500 ms. */
export const NOTE_HIGHLIGHT_DELAY_MS = 500;

/** `value`, 500 ms late when it changes (the first value shows at once). */
export function useDelayed<T>(value: T, ms = NOTE_HIGHLIGHT_DELAY_MS): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    const t = setTimeout(() => setShown(value), ms);
    return () => clearTimeout(t);
  }, [value, shown, ms]);
  return shown;
}

/** The internal-note icon: highlighted (filled, in the secondary colour) when the invoice has a note. */
export function NoteIcon({ hasNote, fontSize = 'small' }: { hasNote: boolean; fontSize?: 'small' | 'inherit' }) {
  const highlighted = useDelayed(hasNote);
  return highlighted ? (
    <NoteIconFilled fontSize={fontSize} color="secondary" data-testid="note-icon-highlighted" />
  ) : (
    <NoteIconOutlined fontSize={fontSize} data-testid="note-icon" />
  );
}
