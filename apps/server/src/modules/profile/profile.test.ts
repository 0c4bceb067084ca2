import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_ANSWERED_NOTIFICATION } from '@portal/contracts/feedback';
import { NOTIFICATION_TYPES } from '@portal/contracts/notifications';
import { AVATAR_MAX_BYTES, EMAIL_CHANGE_MAX_REQUESTS, AGREEMENT_PUBLISHED_NOTIFICATION, RATES_CHANGED_NOTIFICATION, TIER_CHANGED_NOTIFICATION, preferenceEventOfType, profileSchema } from '@portal/contracts/profile';
import { notifyBookingCreated } from '../notifications/public.ts';
import { runNotifyCommand } from '../../cli/notify-commands.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { createPartner } from '../../test/factories.ts';
import { signInAs } from '../../test/sign-in.ts';
import { readOutbox } from '../../test/outbox.ts';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function signedIn(options: Parameters<typeof createPartner>[1] = {}) {
  const partner = await createPartner(context.database.pool, options);
  const client = new TestClient(context.app);
  await signInAs(context, client, partner.userId);
  return { partner, client };
}

function uploadAvatar(client: TestClient, bytes: Buffer): Promise<TestResponse> {
  return client.request('PUT', '/api/profile/avatar', bytes, { 'content-type': 'application/octet-stream' });
}

/** A 1200×800 JPEG carrying EXIF (a camera, a copyright) and GPS coordinates, as a phone photo does. */
async function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Private person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 12/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '55/1 16/1 0/1' },
    })
    .toBuffer();
}

function mailsTo(address: string) {
  return readOutbox(context.config.mail.outboxDir).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

describe('personal details', () => {
  it('changes the name and the time zone; the header (GET /api/user) shows the new name', async () => {
    const { client } = await signedIn({ firstName: 'Old', lastName: 'Name' });
    const start = profileSchema.parse((await client.get('/api/profile')).json());
    expect(start).toMatchObject({ first_name: 'Old', last_name: 'Name', time_zone: null, avatar_url: null, pending_email: null });

    const saved = await client.patch('/api/profile', { first_name: ' Nadia ', last_name: 'Haddad', time_zone: 'Asia/Dubai' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Nadia', last_name: 'Haddad', time_zone: 'Asia/Dubai' });
    expect((await client.get('/api/user')).json()).toMatchObject({ name: 'Nadia Haddad' });

    expect((await client.patch('/api/profile', { time_zone: null })).json()).toMatchObject({ time_zone: null, first_name: 'Nadia' });
  });

  it('refuses a blank name, an unknown time zone and a user id with 422 and field messages', async () => {
    const { client } = await signedIn();
    const blank = await client.patch('/api/profile', { first_name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ first_name: ['The first name field is required.'] });
    const zone = await client.patch('/api/profile', { time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(422);
    expect(zone.json().errors).toEqual({ time_zone: ['The timezone field must be a valid time zone.'] });
    expect((await client.patch('/api/profile', { id: 1, first_name: 'X' })).statusCode).toBe(422);
  });

  it('answers 401 without a session', async () => {
    const guest = new TestClient(context.app);
    expect((await guest.get('/api/profile')).statusCode).toBe(401);
    expect((await guest.get('/api/profile/avatar')).statusCode).toBe(401);
  });
});

describe('avatar', () => {
  it('stores a 512 px square without EXIF or GPS, served only to its owner', async () => {
    const { client } = await signedIn();
    const photo = await photoWithMetadata();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();

    const uploaded = await uploadAvatar(client, photo);
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().avatar_url as string;
    expect(url).toMatch(/^\/api\/profile\/avatar\?v=[0-9a-f-]{36}$/);

    const served = await client.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const after = await sharp(served.rawBody).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(served.rawBody.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // Another partner's session answers their own avatar (none), never this one.
    const other = await signedIn();
    expect((await other.client.get(url)).statusCode).toBe(404);
  });

  it('replaces the previous avatar and can remove it', async () => {
    const { client } = await signedIn();
    const first = (await uploadAvatar(client, await photoWithMetadata())).json().avatar_url as string;
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: '#3366ff' } }).png().toBuffer();
    const second = await uploadAvatar(client, png);
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar_url).not.toBe(first);
    expect(await sharp((await client.get(second.json().avatar_url)).rawBody).metadata()).toMatchObject({ width: 512, height: 512 });

    const removed = await client.delete('/api/profile/avatar');
    expect(removed.json().avatar_url).toBeNull();
    expect((await client.get('/api/profile/avatar')).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, an empty one and one over 5 MB with 422, keeping the avatar', async () => {
    const { client } = await signedIn();
    const html = await uploadAvatar(client, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(422);
    expect(html.json().errors).toEqual({ avatar: ['The avatar must be a PNG, JPEG or WebP image.'] });

    const pdf = await uploadAvatar(client, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'));
    expect(pdf.statusCode).toBe(422);

    const huge = await uploadAvatar(client, Buffer.concat([await photoWithMetadata(), randomBytes(AVATAR_MAX_BYTES)]));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ avatar: ['The avatar may be at most 5 MB.'] });

    expect((await client.get('/api/profile')).json().avatar_url).toBeNull();
  });
});

describe('e-mail address change', () => {
  async function requestChange(client: TestClient, email: string, password = 'Correct-Horse-9') {
    return client.post('/api/profile/email', { email, current_password: password });
  }

  async function confirmationToken(newEmail: string): Promise<string> {
    await context.app.mailer.flush();
    const mail = mailsTo(newEmail).at(-1)!;
    const link = mail.links.find((candidate) => candidate.includes('/profile/email/confirm?token='))!;
    return decodeURIComponent(new URL(link).searchParams.get('token')!);
  }

  it('sends a link to the new address and a notice to the old one; the address changes only when it is followed, once', async () => {
    const { partner, client } = await signedIn({ firstName: 'Omar' });
    const newEmail = `new-${partner.userId}@example.test`;
    const requested = await requestChange(client, newEmail);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ pending_email: newEmail, expires_in_minutes: 15 });

    const token = await confirmationToken(newEmail);
    const notice = mailsTo(partner.email).at(-1)!;
    expect(notice.subject).toBe('Your partner portal e-mail address is being changed');
    expect(notice.text).toContain(newEmail);
    // Not changed yet: the profile shows it as pending.
    expect((await client.get('/api/profile')).json()).toMatchObject({ email: partner.email, pending_email: newEmail });
    const { rows } = await context.database.pool.query('SELECT token_hash FROM email_changes WHERE user_id = $1', [partner.userId]);
    expect(rows[0].token_hash).not.toBe(token);

    const guest = new TestClient(context.app);
    await guest.csrf();
    const confirmed = await guest.post('/api/profile/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await client.get('/api/profile')).json()).toMatchObject({ email: newEmail, pending_email: null });

    const again = await guest.post('/api/profile/email/confirm', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['This confirmation link is invalid, was already used or has expired.'] });

    // The new address signs in.
    const fresh = new TestClient(context.app);
    await fresh.csrf();
    expect((await fresh.post('/api/login', { email: newEmail, password: partner.password })).statusCode).toBe(200);
  });

  it('writes both e-mails in the person’s saved language', async () => {
    const { partner, client } = await signedIn({ locale: 'ar', firstName: 'Layla' });
    const newEmail = `ar-${partner.userId}@example.test`;
    expect((await requestChange(client, newEmail)).statusCode).toBe(200);
    await context.app.mailer.flush();
    expect(mailsTo(newEmail).at(-1)!.subject).toBe('أكّد عنوان بريدك الإلكتروني الجديد في بوابة الشركاء');
    expect(mailsTo(partner.email).at(-1)!.text).toContain('مرحبًا Layla');
  });

  it('a link older than 15 minutes no longer works', async () => {
    const { partner, client } = await signedIn();
    const newEmail = `late-${partner.userId}@example.test`;
    expect((await requestChange(client, newEmail)).statusCode).toBe(200);
    const token = await confirmationToken(newEmail);
    await context.database.pool.query(
      `UPDATE email_changes SET created_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [partner.userId],
    );
    const guest = new TestClient(context.app);
    await guest.csrf();
    expect((await guest.post('/api/profile/email/confirm', { token })).statusCode).toBe(422);
    expect((await client.get('/api/profile')).json()).toMatchObject({ email: partner.email, pending_email: null });
  });

  it('refuses a taken or invalid address and a wrong password with 422', async () => {
    const { client } = await signedIn();
    const other = await createPartner(context.database.pool);
    const taken = await requestChange(client, other.email.toUpperCase());
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const invalid = await requestChange(client, 'not-an-address');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ email: ['The email must be a valid email address.'] });
    const wrong = await requestChange(client, 'free@example.test', 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The provided password does not match your current password.'] });
  });

  it(`allows ${EMAIL_CHANGE_MAX_REQUESTS} requests an hour, then answers 429 with Retry-After`, async () => {
    const { partner, client } = await signedIn();
    for (let attempt = 1; attempt <= EMAIL_CHANGE_MAX_REQUESTS; attempt += 1) {
      expect((await requestChange(client, `try${attempt}-${partner.userId}@example.test`)).statusCode).toBe(200);
    }
    const throttled = await requestChange(client, `one-more-${partner.userId}@example.test`);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Another person is not throttled by it.
    const other = await signedIn();
    expect((await requestChange(other.client, `other-${other.partner.userId}@example.test`)).statusCode).toBe(200);
  });

  it('an address another account takes between the check and the write is a 422 on email, not a 500', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const wanted = `shared-${first.partner.userId}@corp.test`;
    expect((await requestChange(first.client, wanted)).statusCode).toBe(200);
    const token = await confirmationToken(wanted);
    // Another account takes the address at the moment the confirmation writes it (what a second confirmation, a
    // registration or an invitation committing in between does): the trigger plays that moment on both databases.
    const pool = context.database.pool;
    await pool.query(`CREATE FUNCTION test_take_email() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE users SET email = NEW.email WHERE id = ${second.partner.userId}; RETURN NEW; END $$`);
    await pool.query(`CREATE TRIGGER test_take_email BEFORE UPDATE OF email ON users FOR EACH ROW
      WHEN (OLD.id = ${first.partner.userId}) EXECUTE FUNCTION test_take_email()`);
    try {
      const guest = new TestClient(context.app);
      await guest.csrf();
      const confirmed = await guest.post('/api/profile/email/confirm', { token });
      expect(confirmed.statusCode, confirmed.body).toBe(422);
      expect(confirmed.json().errors).toEqual({ email: ['The email has already been taken.'] });
    } finally {
      await pool.query('DROP TRIGGER test_take_email ON users');
      await pool.query('DROP FUNCTION test_take_email()');
    }
    expect((await first.client.get('/api/profile')).json()).toMatchObject({ email: first.partner.email });
  });

  it('two accounts confirming the same address at once: one gets it, the other a 422 on email', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const wanted = `both-${first.partner.userId}@corp.test`;
    expect((await requestChange(first.client, wanted)).statusCode).toBe(200);
    const firstToken = await confirmationToken(wanted);
    expect((await requestChange(second.client, wanted)).statusCode).toBe(200);
    const secondToken = await confirmationToken(wanted);
    const guest = new TestClient(context.app);
    await guest.csrf();
    const answers = await Promise.all([firstToken, secondToken].map((token) => guest.post('/api/profile/email/confirm', { token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('two requests by one person at the same moment leave one live link, the newest', async () => {
    const { partner, client } = await signedIn();
    const answers = await Promise.all(['a', 'b'].map((tag) => requestChange(client, `${tag}-${partner.userId}@example.test`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const { rows } = await context.database.pool.query(
      'SELECT new_email FROM email_changes WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()',
      [partner.userId],
    );
    expect(rows).toHaveLength(1);
    expect((await client.get('/api/profile')).json().pending_email).toBe(rows[0].new_email);
  });

  it(`lets at most ${EMAIL_CHANGE_MAX_REQUESTS} of many requests sent at once through (the count is atomic)`, async () => {
    const { partner, client } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: EMAIL_CHANGE_MAX_REQUESTS + 5 }, (_, index) => requestChange(client, `parallel${index}-${partner.userId}@example.test`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(EMAIL_CHANGE_MAX_REQUESTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

/** The team area's notification type (TEAM_NOTIFICATION_TYPE of modules/team/service.ts, which a module may not import). */
const TEAM_NOTIFICATION_TYPE = 'team';

describe('notification preferences', () => {
  it('covers every notification type the portal sends: the team, feedback answers and account approval have their rows', async () => {
    const sent = [...Object.values(NOTIFICATION_TYPES), TEAM_NOTIFICATION_TYPE, FEEDBACK_ANSWERED_NOTIFICATION, RATES_CHANGED_NOTIFICATION, TIER_CHANGED_NOTIFICATION, AGREEMENT_PUBLISHED_NOTIFICATION];
    expect(sent.filter((type) => preferenceEventOfType(type) === undefined)).toEqual([]);

    const { client } = await signedIn();
    const grid = (await client.get('/api/profile/notification-preferences')).json().preferences;
    expect(grid).toEqual(
      expect.arrayContaining([
        { event: 'team', channel: 'in_app', enabled: true, locked: false },
        { event: 'team', channel: 'email', enabled: true, locked: true },
        { event: 'feedback.answered', channel: 'in_app', enabled: true, locked: false },
        { event: 'feedback.answered', channel: 'email', enabled: true, locked: true },
        { event: 'account.approved', channel: 'in_app', enabled: true, locked: true },
        { event: 'account.approved', channel: 'email', enabled: true, locked: true },
      ]),
    );
    const locked = await client.put('/api/profile/notification-preferences', { preferences: [{ event: 'feedback.answered', channel: 'email', enabled: false }] });
    expect(locked.statusCode).toBe(422);
  });

  it('a team or feedback notice turned off in-app stays out of the bell; the area\'s own e-mail is never doubled by the service', async () => {
    const { partner, client } = await signedIn();
    const off = await client.put('/api/profile/notification-preferences', {
      preferences: [
        { event: 'team', channel: 'in_app', enabled: false },
        { event: 'feedback.answered', channel: 'in_app', enabled: false },
      ],
    });
    expect(off.statusCode).toBe(200);
    await context.app.notifications.notify(partner.userId, { type: TEAM_NOTIFICATION_TYPE, title: `Role changed ${partner.userId}` });
    await context.app.notifications.notify(partner.userId, { type: FEEDBACK_ANSWERED_NOTIFICATION, title: `Answered ${partner.userId}` });
    expect((await client.get('/api/notifications')).json().data).toEqual([]);

    const colleague = await signedIn({ referralAgentId: partner.referralAgentId });
    await context.app.notifications.notify(colleague.partner.userId, { type: FEEDBACK_ANSWERED_NOTIFICATION, title: `Answered ${colleague.partner.userId}` });
    await context.app.notifications.notify(colleague.partner.userId, { type: NOTIFICATION_TYPES.accountApproved, title: `Approved ${colleague.partner.userId}` });
    expect((await colleague.client.get('/api/notifications')).json().data.map((row: { type: string }) => row.type).sort()).toEqual([
      'account.approved',
      'feedback.answered',
    ]);
    // E-mail "always" for these is the areas' own mail (feedback's answer, the approval's link): no twin from notify().
    await context.app.mailer.flush();
    expect(mailsTo(partner.email)).toEqual([]);
    expect(mailsTo(colleague.partner.email)).toEqual([]);
  });

  it('lists every event and channel with defaults; mandatory ones are locked and cannot be turned off', async () => {
    const { client } = await signedIn();
    const grid = (await client.get('/api/profile/notification-preferences')).json().preferences;
    expect(grid).toContainEqual({ event: 'booking.created', channel: 'in_app', enabled: true, locked: false });
    expect(grid).toContainEqual({ event: 'booking.created', channel: 'email', enabled: false, locked: false });
    expect(grid).toContainEqual({ event: 'security', channel: 'email', enabled: true, locked: true });
    expect(grid.some((cell: { event: string; channel: string }) => cell.event === 'security' && cell.channel === 'in_app')).toBe(false);

    const locked = await client.put('/api/profile/notification-preferences', { preferences: [{ event: 'security', channel: 'email', enabled: false }] });
    expect(locked.statusCode).toBe(422);
    const unknown = await client.put('/api/profile/notification-preferences', { preferences: [{ event: 'nope', channel: 'email', enabled: false }] });
    expect(unknown.statusCode).toBe(422);
  });

  it('notify honours them: a turned-off channel gets nothing, a turned-on e-mail arrives, a colleague is unaffected', async () => {
    const { partner, client } = await signedIn();
    const colleague = await signedIn({ referralAgentId: partner.referralAgentId, role: 'manager' });
    const saved = await client.put('/api/profile/notification-preferences', {
      preferences: [
        { event: 'booking.created', channel: 'in_app', enabled: false },
        { event: 'booking.created', channel: 'email', enabled: true },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toContainEqual({ event: 'booking.created', channel: 'in_app', enabled: false, locked: false });

    const stored = await notifyBookingCreated(context.app.notifications, { referralAgentId: partner.referralAgentId, ticketId: 777001 });
    expect(stored).toHaveLength(1);
    expect((await client.get('/api/notifications')).json().data).toEqual([]);
    expect((await colleague.client.get('/api/notifications')).json().data.map((row: { type: string }) => row.type)).toEqual(['booking.created']);

    await context.app.mailer.flush();
    expect(mailsTo(partner.email).map((mail) => mail.subject)).toContain('New booking MT-777001');
    expect(mailsTo(colleague.partner.email)).toEqual([]);

    // A status change is another event: still in-app for this partner.
    await context.app.notifications.notify(partner.userId, { type: 'booking.status_changed', title: 'Booking updated' });
    expect((await client.get('/api/notifications')).json().data.map((row: { type: string }) => row.type)).toEqual(['booking.status_changed']);
  });

  it("an operator's message is always in-app, and also e-mailed to a partner who asked for it", async () => {
    const { partner, client } = await signedIn();
    const quiet = await signedIn({ referralAgentId: partner.referralAgentId });
    expect((await client.put('/api/profile/notification-preferences', { preferences: [{ event: 'message', channel: 'email', enabled: true }] })).statusCode).toBe(200);
    const locked = await quiet.client.put('/api/profile/notification-preferences', { preferences: [{ event: 'message', channel: 'in_app', enabled: false }] });
    expect(locked.statusCode).toBe(422);

    const operator = await createTestOperator(context, { role: 'content' });
    const operatorClient = new TestClient(context.app);
    await signInOperatorAs(context, operatorClient, operator.id);
    const title = `Maintenance tonight ${partner.userId}`;
    const sent = await consoleRequest(operatorClient, 'POST', '/api/console/notifications', { audience: 'agent', agent_id: partner.referralAgentId, title, body: 'The portal pauses at 22:00.' });
    expect(sent.statusCode).toBe(201);

    for (const person of [client, quiet.client]) {
      expect((await person.get('/api/notifications')).json().data.map((row: { title: string }) => row.title)).toContain(title);
    }
    await context.app.mailer.flush();
    const mail = mailsTo(partner.email).find((candidate) => candidate.subject === title);
    expect(mail?.text).toContain('The portal pauses at 22:00.');
    expect(mailsTo(quiet.partner.email).some((candidate) => candidate.subject === title)).toBe(false);
  });

  it("a message from the admin command (npm run admin -- notify / notify-agent) is e-mailed to a partner who asked for it, as the console's", async () => {
    const { partner, client } = await signedIn();
    const quiet = await signedIn({ referralAgentId: partner.referralAgentId });
    expect((await client.put('/api/profile/notification-preferences', { preferences: [{ event: 'message', channel: 'email', enabled: true }] })).statusCode).toBe(200);
    const output: string[] = [];
    const options = { config: context.config, database: context.database, out: (line: string) => output.push(line), err: (line: string) => output.push(line) };
    const direct = `From the command line ${partner.userId}`;
    const toAgent = `To the agent ${partner.userId}`;
    expect(await runNotifyCommand(['notify', partner.email, '--title', direct, '--body', 'Sent by an operator.'], options)).toBe(0);
    expect(await runNotifyCommand(['notify-agent', String(partner.referralAgentId), '--title', toAgent], options)).toBe(0);

    await context.app.mailer.flush();
    expect(mailsTo(partner.email).find((mail) => mail.subject === direct)?.text).toContain('Sent by an operator.');
    expect(mailsTo(partner.email).some((mail) => mail.subject === toAgent)).toBe(true);
    // The colleague kept the default (in-app only): the bell, no e-mail.
    expect(mailsTo(quiet.partner.email).some((mail) => [direct, toAgent].includes(mail.subject))).toBe(false);
    expect((await quiet.client.get('/api/notifications')).json().data.map((row: { title: string }) => row.title)).toContain(toAgent);
  });
});
