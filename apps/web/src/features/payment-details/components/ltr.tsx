import type { ReactNode } from 'react';

/** An account, a code or a number kept left to right inside a right-to-left line ('•••• 1234', 'DEUTDEFF'). */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
