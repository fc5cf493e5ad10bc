import { useState } from 'react';
import { MediaPickerDialog } from '../media/media-picker-dialog.tsx';

interface CoverImagePickerProps {
  onPick: (url: string) => void;
  /** Names the dialog. */
  purpose?: string;
  buttonLabel?: string;
}

/** Chooses an image (the cover, by default) from the media library, or uploads it there in place. */
export function CoverImagePicker({
  onPick,
  purpose = 'Choose a cover image',
  buttonLabel = 'Choose from the media library',
}: CoverImagePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {buttonLabel}
      </button>
      {open && (
        <MediaPickerDialog
          purpose={purpose}
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
