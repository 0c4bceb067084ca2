import { useText } from '../../i18n/i18n';
import classes from './loading-overlay.module.css';

export interface LoadingOverlayProps {
  /** Read to screen readers and shown under the image. */
  label?: string;
}

/**
 * The shared loading overlay of spec §2: an animated image in a layer over the whole screen, hiding what is
 * under it. Shown while a session is being restored and while a page's code loads for the first time.
 */
export function LoadingOverlay({ label }: LoadingOverlayProps) {
  const t = useText('shared');
  const text = label ?? t('loading');
  return (
    <div className={classes.layer} role="status" aria-busy="true" aria-live="polite" aria-label={text} data-testid="loading-overlay">
      <svg className={classes.image} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="26" fill="none" stroke="var(--mantine-color-gray-3)" strokeWidth="6" />
        <g className={classes.ring}>
          <path d="M32 6 a26 26 0 0 1 26 26" fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth="6" strokeLinecap="round" />
        </g>
        <circle className={classes.dot} cx="32" cy="32" r="9" fill="var(--mantine-primary-color-filled)" />
      </svg>
      <span className={classes.label}>{text}…</span>
    </div>
  );
}
