import { isValidSocketId, signChannel, signUser } from './signatures.ts';

/**
 * Who may join which channel (spec §6): a user joins their own private channel, their referral agent's
 * private channel and that agent's presence channel, and nothing else. These are pure functions so the
 * `/broadcasting/auth` and `/broadcasting/user-auth` routes stay thin and the rules are tested on their own.
 * The names follow Laravel's model broadcasting convention (`App.Models.User.{id}`), which Echo expects.
 */

export interface RealtimeUser {
  id: number;
  /** A user without a referral agent (an operator, say) only gets their own channel. */
  referralAgentId: number | null;
  name: string;
}

export function userChannel(userId: number | string): string {
  return `private-App.Models.User.${userId}`;
}

export function agentChannel(referralAgentId: number | string): string {
  return `private-App.Models.ReferralAgent.${referralAgentId}`;
}

export function agentPresenceChannel(referralAgentId: number | string): string {
  return `presence-App.Models.ReferralAgent.${referralAgentId}`;
}

export interface ChannelAuthorization {
  auth: string;
  /** Present for presence channels: the exact string that was signed and must be sent back as is. */
  channel_data?: string;
}

export interface UserAuthentication {
  auth: string;
  user_data: string;
}

/** The channels a user may join, in no particular order. */
export function allowedChannels(user: RealtimeUser): string[] {
  const channels = [userChannel(user.id)];
  if (user.referralAgentId !== null) {
    channels.push(agentChannel(user.referralAgentId), agentPresenceChannel(user.referralAgentId));
  }
  return channels;
}

/**
 * Signs a subscription for `channelName`, or answers null when the user may not join it (or the socket id
 * is malformed); the caller answers 403 for null, which pusher-js reports as a `pusher:subscription_error`.
 */
export function authorizeChannel(input: {
  socketId: string;
  channelName: string;
  user: RealtimeUser;
  key: string;
  secret: string;
}): ChannelAuthorization | null {
  const { socketId, channelName, user, key, secret } = input;
  if (!isValidSocketId(socketId)) return null;
  // Exact comparison with names built from the user's own ids: nothing parsed from the request decides access.
  if (!allowedChannels(user).includes(channelName)) return null;

  if (channelName.startsWith('presence-')) {
    const channelData = JSON.stringify({ user_id: String(user.id), user_info: { name: user.name } });
    return { auth: signChannel({ key, secret, socketId, channelName, channelData }), channel_data: channelData };
  }
  return { auth: signChannel({ key, secret, socketId, channelName }) };
}

/**
 * Signs `pusher:signin` for the user (`/broadcasting/user-auth`). The protocol wants a string `id`.
 * Null only when the socket id is malformed.
 */
export function authenticateUser(input: {
  socketId: string;
  user: RealtimeUser;
  key: string;
  secret: string;
}): UserAuthentication | null {
  const { socketId, user, key, secret } = input;
  if (!isValidSocketId(socketId)) return null;
  const userData = JSON.stringify({ id: String(user.id), name: user.name });
  return { auth: signUser({ key, secret, socketId, userData }), user_data: userData };
}
