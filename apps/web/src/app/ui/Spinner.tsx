import { LoaderCircle } from 'lucide-react';

/** A live loading indicator; `label` is what assistive technology announces. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={`spinner ${className ?? ''}`.trim()}>
      <LoaderCircle aria-hidden="true" className="spinner-icon" size={36} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
