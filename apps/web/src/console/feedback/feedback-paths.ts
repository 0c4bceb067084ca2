/** The support inbox's pages, relative to the console's base path. */
export const FEEDBACK_CONSOLE_PATH = '/feedback';

export function feedbackThreadPath(id: number): string {
  return `${FEEDBACK_CONSOLE_PATH}/${id}`;
}
