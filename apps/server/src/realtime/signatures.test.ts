import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  httpApiStringToSign,
  isValidSocketId,
  md5Hex,
  signChannel,
  signHttpApiRequest,
  signHttpApiString,
  signUser,
  verifyChannelSignature,
  verifyUserSignature,
} from './signatures.ts';

// pusher/docs auth-signatures.md and rest-api.md; the reference sheet quotes these values shortened.
const key = '278d425bdf160c739803';
const secret = '7ad3773142a6692b25b8';
const socketId = '1234.1234';

describe('channel signatures', () => {
  it('signs private-foobar as in the Pusher docs', () => {
    const auth = signChannel({ key, secret, socketId, channelName: 'private-foobar' });
    expect(auth).toBe(`${key}:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4`);
    // The reference sheet's shortened form.
    const signature = auth.split(':')[1] ?? '';
    expect(signature.startsWith('58df8b0c')).toBe(true);
    expect(signature.endsWith('51c3a4')).toBe(true);
  });

  it('signs presence channel_data byte for byte (the docs example matches "Mr. Pusher")', () => {
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Pusher"}}';
    const auth = signChannel({ key, secret, socketId, channelName: 'presence-foobar', channelData });
    expect(auth).toBe(`${key}:afaed3695da2ffd16931f457e338e6c9f2921fa133ce7dac49f529792be6304c`);
    const otherName = signChannel({
      key,
      secret,
      socketId,
      channelName: 'presence-foobar',
      channelData: '{"user_id":10,"user_info":{"name":"Mr. Channels"}}',
    });
    expect(otherName).not.toBe(auth);
  });

  it('verifies only the exact signature', () => {
    const auth = signChannel({ key, secret, socketId, channelName: 'private-foobar' });
    expect(verifyChannelSignature({ key, secret, socketId, channelName: 'private-foobar', auth })).toBe(true);
    expect(verifyChannelSignature({ key, secret, socketId: '1234.1235', channelName: 'private-foobar', auth })).toBe(false);
    expect(verifyChannelSignature({ key, secret, socketId, channelName: 'private-foobaz', auth })).toBe(false);
    expect(verifyChannelSignature({ key, secret, socketId, channelName: 'private-foobar', auth: auth.slice(0, -1) })).toBe(false);
    expect(verifyChannelSignature({ key, secret, socketId, channelName: 'private-foobar', auth: `other:${auth.split(':')[1]}` })).toBe(false);
    expect(verifyChannelSignature({ key, secret, socketId, channelName: 'private-foobar', auth: '' })).toBe(false);
  });
});

describe('user signatures', () => {
  it('signs user data as in the reference vector', () => {
    const auth = signUser({ key, secret, socketId, userData: '{"id":"12345"}' });
    expect(auth).toBe(`${key}:4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba`);
    const signature = auth.split(':')[1] ?? '';
    expect(signature.startsWith('4708d583')).toBe(true);
    expect(signature.endsWith('e336ba')).toBe(true);
    expect(verifyUserSignature({ key, secret, socketId, userData: '{"id":"12345"}', auth })).toBe(true);
    expect(verifyUserSignature({ key, secret, socketId, userData: '{"id":"12346"}', auth })).toBe(false);
  });
});

describe('HTTP API signatures', () => {
  // rest-api.md worked example: POST /apps/3/events at timestamp 1353088179.
  const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';

  it('computes the body md5 of the worked example', () => {
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    expect(md5Hex(Buffer.from(body))).toBe('ec365a775a4cd0599faeb73354201b6f');
  });

  it('computes the signature of the worked example', () => {
    const params = {
      auth_key: key,
      auth_timestamp: '1353088179',
      auth_version: '1.0',
      body_md5: 'ec365a775a4cd0599faeb73354201b6f',
    };
    expect(httpApiStringToSign('POST', '/apps/3/events', params)).toBe(
      'POST\n/apps/3/events\nauth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f',
    );
    const signature = signHttpApiString(secret, 'POST', '/apps/3/events', params);
    expect(signature).toBe('da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c');
    expect(signature.startsWith('da454824')).toBe(true);
    expect(signature.endsWith('f457e6c')).toBe(true);
  });

  it('sorts lower-cased keys and leaves auth_signature out of what it signs', () => {
    const signed = signHttpApiString(secret, 'get', '/apps/3/channels', { B: '2', a: '1', auth_signature: 'x' });
    expect(signed).toBe(signHttpApiString(secret, 'GET', '/apps/3/channels', { a: '1', b: '2' }));
  });

  it('signs a request the way the SDK does', () => {
    const signed = signHttpApiRequest({ key, secret, method: 'POST', path: '/apps/3/events', body, timestamp: 1353088179 });
    expect(signed.params.auth_signature).toBe('da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c');
    expect(new URLSearchParams(signed.queryString).get('body_md5')).toBe('ec365a775a4cd0599faeb73354201b6f');
  });
});

describe('helpers', () => {
  it('compares in constant time without throwing on different lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('é', 'e')).toBe(false);
  });

  it('accepts only digit.digit socket ids', () => {
    expect(isValidSocketId('1234.1234')).toBe(true);
    expect(isValidSocketId('1234')).toBe(false);
    expect(isValidSocketId('1234.1234:evil')).toBe(false);
    expect(isValidSocketId(12)).toBe(false);
  });
});
