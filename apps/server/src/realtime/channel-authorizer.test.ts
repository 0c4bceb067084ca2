import { describe, expect, it } from 'vitest';
import {
  agentChannel,
  agentPresenceChannel,
  authenticateUser,
  authorizeChannel,
  userChannel,
} from './channel-authorizer.ts';
import { signChannel, verifyChannelSignature, verifyUserSignature } from './signatures.ts';

const key = 'app-key';
const secret = 'app-secret';
const socketId = '123.456';
const user = { id: 7, referralAgentId: 3, name: 'Ada Lovelace' };

describe('channel names', () => {
  it('follows Laravel model broadcasting names', () => {
    expect(userChannel(7)).toBe('private-App.Models.User.7');
    expect(agentChannel(3)).toBe('private-App.Models.ReferralAgent.3');
    expect(agentPresenceChannel(3)).toBe('presence-App.Models.ReferralAgent.3');
  });
});

describe('authorizeChannel', () => {
  it('signs the user their own private channel', () => {
    const result = authorizeChannel({ socketId, channelName: 'private-App.Models.User.7', user, key, secret });
    expect(result).toEqual({ auth: signChannel({ key, secret, socketId, channelName: 'private-App.Models.User.7' }) });
  });

  it("signs their referral agent's private channel", () => {
    const result = authorizeChannel({ socketId, channelName: agentChannel(3), user, key, secret });
    expect(result?.auth).toBeDefined();
    expect(verifyChannelSignature({ key, secret, socketId, channelName: agentChannel(3), auth: result?.auth ?? '' })).toBe(true);
  });

  it("signs their agent's presence channel with channel_data naming them", () => {
    const result = authorizeChannel({ socketId, channelName: agentPresenceChannel(3), user, key, secret });
    expect(result).not.toBeNull();
    expect(JSON.parse(result?.channel_data ?? '')).toEqual({ user_id: '7', user_info: { name: 'Ada Lovelace' } });
    expect(
      verifyChannelSignature({
        key,
        secret,
        socketId,
        channelName: agentPresenceChannel(3),
        channelData: result?.channel_data ?? '',
        auth: result?.auth ?? '',
      }),
    ).toBe(true);
  });

  it.each([
    ['another user', 'private-App.Models.User.8'],
    ['another agent', 'private-App.Models.ReferralAgent.4'],
    ["another agent's presence", 'presence-App.Models.ReferralAgent.4'],
    ['a look-alike suffix', 'private-App.Models.User.77'],
    ['a public channel', 'App.Models.User.7'],
    ['an encrypted variant', 'private-encrypted-App.Models.User.7'],
    ['a presence twin of the user channel', 'presence-App.Models.User.7'],
  ])('refuses %s', (_label, channelName) => {
    expect(authorizeChannel({ socketId, channelName, user, key, secret })).toBeNull();
  });

  it('refuses agent channels to a user without an agent', () => {
    const operator = { id: 9, referralAgentId: null, name: 'Op' };
    expect(authorizeChannel({ socketId, channelName: 'private-App.Models.User.9', user: operator, key, secret })).not.toBeNull();
    expect(authorizeChannel({ socketId, channelName: 'private-App.Models.ReferralAgent.null', user: operator, key, secret })).toBeNull();
  });

  it('refuses a malformed socket id', () => {
    expect(authorizeChannel({ socketId: '123.456:x', channelName: userChannel(7), user, key, secret })).toBeNull();
  });
});

describe('authenticateUser', () => {
  it('signs user data with a string id', () => {
    const result = authenticateUser({ socketId, user, key, secret });
    expect(result).not.toBeNull();
    expect(JSON.parse(result?.user_data ?? '')).toEqual({ id: '7', name: 'Ada Lovelace' });
    expect(verifyUserSignature({ key, secret, socketId, userData: result?.user_data ?? '', auth: result?.auth ?? '' })).toBe(true);
  });

  it('refuses a malformed socket id', () => {
    expect(authenticateUser({ socketId: 'abc', user, key, secret })).toBeNull();
  });
});
