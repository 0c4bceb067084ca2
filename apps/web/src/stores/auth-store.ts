/**
 * The auth store of spec §3 and the session rules of spec §4: sign-in, sign-out and fetching the user.
 *
 * Persisted to localStorage under `auth`, but only while someone is signed in: a signed-out store removes the
 * key instead of writing an empty one, so after sign-out the six keys of spec §3 are really gone. The two
 * transient flags (`loading`, `logout_in_progress`) are never persisted: a tab closed halfway through a
 * sign-out would otherwise leave `logout_in_progress` true and block every later sign-out.
 *
 * Other code follows the session with `watchSession` / `onAuthEvent` (the realtime client connects and
 * disconnects with `watchSession`, only while the user may use the portal; the query cache is cleared at sign-out).
 */
import { partnerRoleCan, type PartnerPermission } from '@portal/contracts/partner-roles';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { AUTH_ERROR_CODES, userSchema, type LoginRequest, type LoginResponse, type User } from '@portal/contracts/session';
import {
  AFFILIATES_GROUP,
  DEFAULT_INDUSTRY,
  PERMISSION_VIEW,
  SIGN_OUT_CLEARED_KEYS,
  STORAGE_KEYS,
} from '@portal/contracts/constants';
import { getCurrentUser, signIn, signOut } from '../lib/auth-api';
import { AUTH_MESSAGES } from '../lib/auth-messages';
import { ensureCsrfCookie, HttpError, onPasswordUpdateRequired, onUnauthorized } from '../lib/http';
import { notifyError, notifySuccess } from '../lib/notify';
import { ROUTES } from '../lib/paths';
import { setSavedTimeZone } from '../i18n/time-zone';

/** react-router's `navigate` (from useNavigate or router.navigate) fits this. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

export interface AuthState {
  user: User | null;
  authenticated: boolean;
  loading: boolean;
  /** Always 'referral' (spec §6). */
  user_permission_views: string | null;
  user_logo: string | null;
  /** The partner industry's name, 'individual' when there is none (spec §4). */
  user_industry: string | null;
  /** The user's `first_login`. */
  user_login_state: boolean | null;
  user_partner_type: string | null;
  logout_in_progress: boolean;
  /**
   * When GET /api/user last answered with `user` (ms since the epoch), null for a user restored from localStorage or
   * taken from a sign-in answer; never persisted. A page that must show the server's current user (the dashboard)
   * takes a check made moments ago instead of asking again.
   */
  user_checked_at: number | null;
}

export type FetchUserResult = { ok: true; user: User | null } | { ok: false; error: unknown };

export type LoginResult = { ok: true } | { ok: false; error: unknown };

export interface AuthActions {
  /** Spec §4 Login. Never throws: the failure is shown (notification) and returned for the form. */
  login: (credentials: LoginRequest, navigate: Navigate) => Promise<LoginResult>;
  /**
   * The part of Login that follows a successful answer; also used by the two-factor challenge and the
   * one-time sign-in link, which answer like /api/login.
   */
  completeSignIn: (response: LoginResponse, navigate: Navigate) => Promise<void>;
  /** Spec §4 Logout. Concurrent calls share one run (one POST). */
  logout: (navigate: Navigate) => Promise<void>;
  /** Spec §4 Fetching the user. Errors are only logged; the result says what happened. */
  fetchUser: () => Promise<FetchUserResult>;
  /** Stores a user the server sent (sign-in, password update) with the derived fields. */
  setUser: (user: User) => void;
  /** Another tab signed out: forget the session here too, without posting /api/logout again. */
  signOutLocally: (navigate: Navigate) => Promise<void>;
}

export type AuthStore = AuthState & AuthActions;

export const initialAuthState: AuthState = {
  user: null,
  authenticated: false,
  loading: false,
  user_permission_views: null,
  user_logo: null,
  user_industry: null,
  user_login_state: null,
  user_partner_type: null,
  logout_in_progress: false,
  user_checked_at: null,
};

type PersistedAuth = Omit<AuthState, 'loading' | 'logout_in_progress' | 'user_checked_at'>;

/** The fields spec §4 derives from the user when it is fetched. */
export function derivedFromUser(user: User): Omit<AuthState, 'loading' | 'logout_in_progress' | 'user_checked_at'> {
  const profile = user.partner_profile;
  return {
    user,
    authenticated: true,
    user_permission_views: PERMISSION_VIEW,
    user_logo: profile.referral_agent.logo ?? null,
    user_partner_type: profile.partner_type.name ?? null,
    user_industry: profile.partner_industry?.name || DEFAULT_INDUSTRY,
    user_login_state: user.first_login,
  };
}

/** Spec §2: a user of the `affiliates` referral group may not open the commission structure. */
/** True when the signed-in member's role holds `permission` (the server's own map: packages/contracts/src/partner-roles.ts). */
export function userCan(user: User | null | undefined, permission: PartnerPermission): boolean {
  const role = user?.partner_profile?.role;
  return role !== undefined && partnerRoleCan(role, permission);
}

export function isAffiliate(user: User | null | undefined): boolean {
  const group = user?.partner_profile?.referral_agent?.referral_group;
  if (!group) return false;
  return [group.name, group.slug].some((value) => value?.trim().toLowerCase() === AFFILIATES_GROUP);
}

// ---- session events ----

export type AuthEvent = { type: 'signed-in'; user: User } | { type: 'signed-out' };
const authListeners = new Set<(event: AuthEvent) => void>();

/** Sign-in (a user appears or changes) and sign-out (after the store is reset and /login is shown). */
export function onAuthEvent(listener: (event: AuthEvent) => void): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

function emit(event: AuthEvent): void {
  for (const listener of [...authListeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error(error);
    }
  }
}

/**
 * Whether `user` may use the portal: signed in, and not held on /update-password (the server refuses everything
 * else, the realtime channel included, with 403 `password_update_required`, until the password is changed).
 */
export function mayUsePortal(user: User | null | undefined): user is User {
  return user !== null && user !== undefined && user.password_updated_check !== false;
}

/**
 * Follows who may use the portal: calls `listener` at once with the current user (or null), then with the user
 * whenever one who may use the portal appears or changes (sign-in, or the forced password change done), and with
 * null when there is none any more (sign-out, or a password change required). A signed-in user who must still
 * change their password is reported as null. The realtime client connects on a user and disconnects on null.
 */
export function watchSession(listener: (user: User | null) => void): () => void {
  const portalUser = (state: AuthState) => (mayUsePortal(state.user) ? state.user : null);
  let reported = portalUser(useAuthStore.getState());
  listener(reported);
  return useAuthStore.subscribe((state) => {
    const next = portalUser(state);
    if ((next?.id ?? null) === (reported?.id ?? null)) return;
    reported = next;
    listener(next);
  });
}

// ---- persistence: only while signed in ----

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';
}

const signedInOnlyStorage: PersistStorage<PersistedAuth> = {
  getItem(name) {
    if (!isBrowser()) return null;
    const raw = window.localStorage.getItem(name);
    if (!raw) return null;
    try {
      const stored = JSON.parse(raw) as StorageValue<PersistedAuth>;
      // A user saved by an older build (or edited by hand) that no longer fits the contract is dropped:
      // the route guard then fetches a fresh one.
      if (stored.state?.user && !userSchema.safeParse(stored.state.user).success) return null;
      return stored;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    if (!isBrowser()) return;
    if (!value.state.user && !value.state.authenticated) window.localStorage.removeItem(name);
    else window.localStorage.setItem(name, JSON.stringify(value));
  },
  removeItem(name) {
    if (isBrowser()) window.localStorage.removeItem(name);
  },
};

function clearStoredKeys(): void {
  if (!isBrowser()) return;
  for (const key of SIGN_OUT_CLEARED_KEYS) window.localStorage.removeItem(key);
}

/** Spec §4 (429): the server's message, which names the seconds to wait; built from Retry-After if it does not. */
function loginFailureMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return AUTH_MESSAGES.loginFailedFallback;
  if (error.status === 429 && !/\d/.test(error.message)) {
    const seconds = Number(error.headers.get('retry-after'));
    if (Number.isFinite(seconds) && seconds > 0) {
      return AUTH_MESSAGES.tooManyAttempts(seconds);
    }
  }
  return error.message || AUTH_MESSAGES.loginFailedFallback;
}

let pendingLogout: Promise<void> | null = null;
let pendingUser: Promise<FetchUserResult> | null = null;

export const useAuthStore = create<AuthStore>()(
  persist(
    (set, get) => {
      const applyUser = (user: User, checkedAt: number | null = null) => {
        const previous = get().user;
        set({ ...derivedFromUser(user), user_checked_at: checkedAt });
        if (!previous || previous.id !== user.id) emit({ type: 'signed-in', user });
      };

      /** Resets the store, clears the stored keys, shows /login: the shared tail of both sign-outs. */
      const finishSignOut = async (navigate: Navigate) => {
        set({ ...initialAuthState, logout_in_progress: true });
        clearStoredKeys();
        try {
          await navigate(ROUTES.login, { replace: true });
        } finally {
          set({ logout_in_progress: false });
          emit({ type: 'signed-out' });
        }
      };

      return {
        ...initialAuthState,

        setUser: (user) => applyUser(user),

        async completeSignIn(response, navigate) {
          if (response.two_factor) {
            // Spec §2: a full-page navigation, so the verification page starts from a clean document.
            window.location.assign(ROUTES['two-factor-verification']);
            return;
          }
          const user = response.user;
          if (!user) {
            // The session exists but the answer carried no user: the guard fetches it on the dashboard.
            await navigate(ROUTES.Dashboard);
            return;
          }
          applyUser(user);
          if (user.name && isBrowser()) window.localStorage.setItem(STORAGE_KEYS.username, user.name);
          notifySuccess(AUTH_MESSAGES.loginSuccessTitle, AUTH_MESSAGES.loginSuccessMessage(user.first_name));
          await navigate(user.password_updated_check === false ? ROUTES['update-password'] : ROUTES.Dashboard);
        },

        async login(credentials, navigate) {
          set({ loading: true });
          try {
            await ensureCsrfCookie();
            const response = await signIn(credentials);
            await get().completeSignIn(response, navigate);
            return { ok: true };
          } catch (error) {
            if (error instanceof HttpError && error.status === 403 && error.code === AUTH_ERROR_CODES.approvalPending) {
              await navigate(ROUTES['approval-waiting']);
              return { ok: false, error };
            }
            await navigate(ROUTES.login);
            notifyError(AUTH_MESSAGES.loginFailedTitle, loginFailureMessage(error));
            return { ok: false, error };
          } finally {
            set({ loading: false });
          }
        },

        logout(navigate) {
          if (get().logout_in_progress && pendingLogout) return pendingLogout;
          set({ logout_in_progress: true });
          pendingLogout = (async () => {
            try {
              await signOut();
            } catch {
              // Spec §4: a failed sign-out call changes nothing here; the local session ends anyway.
            }
            await finishSignOut(navigate);
          })().finally(() => {
            pendingLogout = null;
          });
          return pendingLogout;
        },

        signOutLocally(navigate) {
          if (get().logout_in_progress && pendingLogout) return pendingLogout;
          if (!get().user && !get().authenticated) return Promise.resolve();
          set({ logout_in_progress: true });
          pendingLogout = finishSignOut(navigate).finally(() => {
            pendingLogout = null;
          });
          return pendingLogout;
        },

        fetchUser() {
          pendingUser ??= (async (): Promise<FetchUserResult> => {
            try {
              const user = await getCurrentUser();
              applyUser(user, Date.now());
              return { ok: true, user };
            } catch (error) {
              // Spec §8: fetch-user errors are only logged.
              console.error('Fetching the signed-in user failed', error);
              return { ok: false, error };
            } finally {
              pendingUser = null;
            }
          })();
          return pendingUser;
        },
      };
    },
    {
      name: STORAGE_KEYS.auth,
      version: 1,
      storage: signedInOnlyStorage,
      partialize: (state): PersistedAuth => ({
        user: state.user,
        authenticated: state.authenticated,
        user_permission_views: state.user_permission_views,
        user_logo: state.user_logo,
        user_industry: state.user_industry,
        user_login_state: state.user_login_state,
        user_partner_type: state.user_partner_type,
      }),
    },
  ),
);

// The zone every time is shown in follows the user's saved one from the moment the store has a user (restored from
// localStorage before the first render, or signed in), so a page's first request already carries it; signed out,
// the device's.
setSavedTimeZone(useAuthStore.getState().user?.time_zone);
useAuthStore.subscribe((state) => setSavedTimeZone(state.user?.time_zone));

/**
 * Wires the HTTP client to the session: any 401 signs the user out (spec §4, §8), and a 403
 * `password_update_required` sends them to /update-password. Returns a function that undoes both.
 */
export function connectSessionToHttp(navigate: Navigate): () => void {
  const offUnauthorized = onUnauthorized(() => {
    void useAuthStore.getState().logout(navigate);
  });
  const offPasswordUpdate = onPasswordUpdateRequired(() => {
    const { user } = useAuthStore.getState();
    if (user && user.password_updated_check) {
      useAuthStore.setState({ user: { ...user, password_updated_check: false } });
    }
    void navigate(ROUTES['update-password']);
  });
  return () => {
    offUnauthorized();
    offPasswordUpdate();
  };
}
