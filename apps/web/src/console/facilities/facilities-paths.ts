/** The Facilities pages, relative to the console's base path. */
export const FACILITIES_PATH = '/facilities';

export function facilityPath(id: number): string {
  return `${FACILITIES_PATH}/${id}`;
}
