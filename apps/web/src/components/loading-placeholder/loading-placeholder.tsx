/**
 * What a region shows while its data loads: grey shapes where the content will be, for the eye, and one sentence
 * for a screen reader.
 *
 * The shapes' box is a <div>, which has no role and so takes no name: a name on it is refused by axe
 * (aria-prohibited-attr) and skipped by screen readers. The sentence is therefore text, visually hidden, in a status
 * region, and the box of shapes only says it is busy. The status sits beside that box, not inside it: a screen reader
 * may hold back what changes inside a busy region until it is no longer busy, which here is never, since the whole
 * placeholder is replaced by the content. Lint refuses the named-box form (`eslint.config.js`).
 */
import type { ReactNode } from 'react';
import { Group, Loader, Text, VisuallyHidden } from '@mantine/core';

export function LoadingPlaceholder({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <div aria-busy="true">{children}</div>
    </div>
  );
}

/** A small spinner and the sentence that says what loads, read out as a status: for a page or section without shapes. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
