import { useState } from 'react';
import { MediaPickerDialog } from '../media/media-picker-dialog.tsx';

interface CoverImagePickerProps {
  onPick: (url: string) => void;
}

/** Chooses the cover from the media library, or uploads it there in place. */
export function CoverImagePicker({ onPick }: CoverImagePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        Choose from the media library
      </button>
      {open && (
        <MediaPickerDialog
          purpose="Choose a cover image"
          askAlt={false}
          onPick={(image) => {
            setOpen(false);
            onPick(image.src);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
