import { useRef } from 'react';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** A button that opens the file chooser for images: a real button for the keyboard and screen readers, over a hidden file input. */
export default function FilePickButton({
  label,
  multiple = false,
  disabled = false,
  className,
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // The same file can be chosen again after a refusal.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
