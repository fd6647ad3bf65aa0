import type { ReactNode, Ref } from 'react';

interface DisclosureButtonProps {
  /** Whether the element it shows and hides is shown. */
  isOpen: boolean;
  /** That element's id. */
  controls: string;
  onToggle: () => void;
  className: string;
  id?: string;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

/**
 * A button that shows and hides another element (the WAI-ARIA disclosure pattern): it names the
 * element it controls and says whether that element is open.
 */
export function DisclosureButton({ isOpen, controls, onToggle, id, className, ref, children }: DisclosureButtonProps) {
  return (
    <button ref={ref} id={id} type="button" className={className} aria-expanded={isOpen} aria-controls={controls} onClick={onToggle}>
      {children}
    </button>
  );
}
