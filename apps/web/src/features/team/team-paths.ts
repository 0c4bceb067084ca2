/** The team's pages (spec §2). */
export const TEAM_PATH = '/manage-user';
export const ADD_MEMBER_PATH = '/add-user';
