/**
 * What a region shows while its data loads: grey shapes where the content will be, for the eye, and one sentence
 * for a screen reader.
 *
 * The shapes' box is a <div>, which has no role and so takes no name: a name on it is refused by axe
 * (aria-prohibited-attr) and skipped by screen readers. The sentence is therefore text, visually hidden, in a status
 * region, and the box only says it is busy. Lint refuses the named-box form (`eslint.config.js`).
 */
import type { ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';

export function LoadingPlaceholder({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {children}
    </div>
  );
}
