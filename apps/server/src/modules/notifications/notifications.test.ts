import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationListSchema,
  type NotificationCreatedEvent,
  type NotificationsUpdatedEvent,
} from '@portal/contracts/notifications';
import { userChannel } from '../../realtime/channel-authorizer.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  collectEvents,
  createPusherClient,
  disconnectAll,
  signIn,
  waitForConnection,
  waitForEvent,
  waitForSubscription,
} from '../broadcasting/test-support.ts';
import { LOCALES } from '@portal/contracts/preferences';
import { broadcastContent } from './broadcasts.ts';
import { day, defineNotice, definedNotices, money, type NoticeDay, type NoticeMoney } from './notices.ts';
import { loadModules } from '../../kit/load-modules.ts';
import { bookingLink, notifyAccountApproved, notifyBookingCreated, notifyBookingStatusChanged } from './domain-notifications.ts';
import { listenOnLoopback } from '../../test/listen.ts';

const CREATED = 'App\\Events\\NotificationCreated';
const UPDATED = 'App\\Events\\NotificationsUpdated';

describe('notifications', () => {
  let context: TestContext;
  let port: number;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    context = await createTestApp();
    port = await listenOnLoopback(context.app);
  });
  afterEach(() => disconnectAll(clients));
  afterAll(async () => {
    disconnectAll(clients);
    await context?.close();
  });

  async function signedInPartner(options: Parameters<typeof createPartner>[1] = {}): Promise<{ partner: CreatedPartner; client: TestClient; cookie: string }> {
    const partner = await createPartner(context.database.pool, options);
    const client = new TestClient(context.app);
    const { cookie } = await signIn(context.database.pool, context.config, partner.userId, client);
    return { partner, client, cookie };
  }

  /** A tab: pusher-js subscribed to the user's private channel. */
  async function openTab(userId: number, cookie: string) {
    const pusher = createPusherClient({ port, key: context.config.pusher.key, cookie });
    clients.push(pusher);
    const socketId = await waitForConnection(pusher);
    const channel = pusher.subscribe(userChannel(userId));
    await waitForSubscription(channel);
    return { pusher, channel, socketId };
  }

  async function seed(userId: number, count: number) {
    const stored = [];
    for (let index = 1; index <= count; index += 1) {
      stored.push(...(await context.app.notifications.notify(userId, { title: `Notice ${index}`, body: `Body ${index}` })));
    }
    return stored;
  }

  describe('notify()', () => {
    it('stores one per user and pushes NotificationCreated and NotificationsUpdated on the private channel', async () => {
      const { partner, cookie } = await signedInPartner();
      const tab = await openTab(partner.userId, cookie);
      const created = waitForEvent<NotificationCreatedEvent>(tab.channel, CREATED);
      const updated = waitForEvent<NotificationsUpdatedEvent>(tab.channel, UPDATED);

      const [stored] = await context.app.notifications.notify(partner.userId, {
        type: 'message',
        title: 'Welcome',
        body: 'Hello there',
        link: '/bookings?search=100234',
        data: { source: 'test' },
      });

      expect(stored).toMatchObject({ title: 'Welcome', body: 'Hello there', link: '/bookings?search=100234', read_at: null });
      const event = await created;
      expect(event).toEqual({ notification: stored, unread_count: 1 });
      expect(await updated).toEqual({ unread_count: 1 });
    });

    it('reaches every approved partner of a referral agent, and nobody else', async () => {
      const first = await createPartner(context.database.pool);
      const second = await createPartner(context.database.pool, { referralAgentId: first.referralAgentId });
      const pending = await createPartner(context.database.pool, { referralAgentId: first.referralAgentId, status: 'pending' });
      const outsider = await createPartner(context.database.pool);

      const stored = await context.app.notifications.notify({ referralAgentId: first.referralAgentId }, { title: 'Agent news' });
      expect(stored).toHaveLength(2);
      const counts = async (userId: number) =>
        Number(
          (await context.database.pool.query<{ n: number }>('SELECT count(*) AS n FROM notifications WHERE user_id = $1', [userId])).rows[0]!
            .n,
        );
      expect(await counts(first.userId)).toBe(1);
      expect(await counts(second.userId)).toBe(1);
      expect(await counts(pending.userId)).toBe(0);
      expect(await counts(outsider.userId)).toBe(0);
    });

    it('refuses a link to another site and a missing title (422), and ignores unknown user ids', async () => {
      const partner = await createPartner(context.database.pool);
      for (const link of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
        await expect(context.app.notifications.notify(partner.userId, { title: 'x', link })).rejects.toMatchObject({ statusCode: 422 });
      }
      await expect(context.app.notifications.notify(partner.userId, { title: ' ' })).rejects.toMatchObject({ statusCode: 422 });
      expect(await context.app.notifications.notify([999_999], { title: 'nobody' })).toEqual([]);
    });

    it('words the domain events: account approved, booking created, status and invoice status changed', async () => {
      const partner = await createPartner(context.database.pool);
      const colleague = await createPartner(context.database.pool, { referralAgentId: partner.referralAgentId });

      const [approved] = await notifyAccountApproved(context.app.notifications, partner.userId);
      expect(approved).toMatchObject({ type: 'account.approved', title: 'Your account is approved', link: '/' });

      const created = await notifyBookingCreated(context.app.notifications, {
        referralAgentId: partner.referralAgentId,
        ticketId: '100234',
        patientName: 'Amira Haddad',
        facilityName: 'Harbor Clinic',
        appointmentAt: '2030-03-05T09:00:00Z',
      });
      expect(created).toHaveLength(2);
      expect(created[0]).toMatchObject({
        type: 'booking.created',
        title: 'New booking MT-100234',
        body: 'A booking was made through your referral for Amira Haddad at Harbor Clinic on 5 Mar 2030.',
        link: '/bookings?search=100234',
        data: { ticket_id: '100234' },
      });

      const [status] = await notifyBookingStatusChanged(context.app.notifications, {
        referralAgentId: partner.referralAgentId,
        ticketId: 'MT-100234',
        field: 'status',
        from: 'pending',
        to: 'no_show',
      });
      expect(status).toMatchObject({ type: 'booking.status_changed', body: 'Status changed from Pending to No show.', link: bookingLink('100234') });

      const [invoice] = await notifyBookingStatusChanged(context.app.notifications, {
        referralAgentId: partner.referralAgentId,
        ticketId: '100234',
        field: 'invoice_status',
        from: 'unpaid',
        to: 'paid',
      });
      expect(invoice).toMatchObject({ type: 'booking.invoice_status_changed', title: 'Booking MT-100234 invoice updated' });
      expect(colleague.userId).toBeGreaterThan(0);
    });

    it("words each recipient's copy in their saved language: Arabic beside English for the same booking", async () => {
      const english = await createPartner(context.database.pool);
      const arabic = await createPartner(context.database.pool, { referralAgentId: english.referralAgentId, locale: 'ar' });

      const created = await notifyBookingCreated(context.app.notifications, {
        referralAgentId: english.referralAgentId,
        ticketId: '100777',
        patientName: 'Amira Haddad',
        facilityName: 'Harbor Clinic',
        appointmentAt: '2030-03-05T09:00:00Z',
      });
      expect(created).toHaveLength(2);
      const { rows } = await context.database.pool.query<{ user_id: number; title: string; body: string }>(
        `SELECT user_id, title, body FROM notifications WHERE data->>'ticket_id' = '100777' ORDER BY user_id`,
      );
      expect(rows).toEqual([
        { user_id: english.userId, title: 'New booking MT-100777', body: 'A booking was made through your referral for Amira Haddad at Harbor Clinic on 5 Mar 2030.' },
        { user_id: arabic.userId, title: 'حجز جديد MT-100777', body: 'تم إجراء حجز عن طريق إحالتك للمريض Amira Haddad في Harbor Clinic بتاريخ 5 مارس 2030.' },
      ]);

      await notifyBookingStatusChanged(context.app.notifications, { referralAgentId: english.referralAgentId, ticketId: '100777', field: 'status', from: 'pending', to: 'no_show' });
      await notifyAccountApproved(context.app.notifications, arabic.userId);
      const latest = await context.database.pool.query<{ title: string; body: string }>(
        'SELECT title, body FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 2',
        [arabic.userId],
      );
      expect(latest.rows).toEqual(
        expect.arrayContaining([
          { title: 'تحديث الحجز MT-100777', body: 'تغيّرت الحالة من قيد الانتظار إلى لم يحضر.' },
          { title: 'تمت الموافقة على حسابك', body: 'مرحبًا بك في بوابة الشركاء. تجد هنا إحالاتك وحجوزاتك وأرباحك.' },
        ]),
      );
      // an operator's message is one text, sent as written
      const [message] = await context.app.notifications.notify(arabic.userId, { title: 'Office closed on Friday' });
      expect(message!.title).toBe('Office closed on Friday');
    });

    it('words every notice of every area in every language: none left blank, the Arabic in Arabic', async () => {
      await loadModules();
      const notices = [...definedNotices()];
      // the portal's own, and the areas' (earnings, team, tiers, rates, agreements, payment details, feedback)
      expect(notices.map(([key]) => key)).toEqual(expect.arrayContaining(['account.approved', 'booking.created', 'payouts.paid', 'team.role_changed', 'partner-tiers.changed', 'commission-rates.changed']));
      for (const [key, { notice, wording, example }] of notices) {
        const values = typeof wording.en === 'function' ? example : {};
        expect(values, `${key}: a notice worded by a function gives an example to check it with`).toBeDefined();
        const english = notice.render(values!, 'en');
        for (const locale of LOCALES) {
          const text = notice.render(values!, locale);
          expect(text.title.trim(), `${key} ${locale}`).not.toBe('');
          expect(text.title, `${key} ${locale}: a placeholder left unfilled`).not.toMatch(/\{[a-z_]+\}/i);
          if (locale === 'ar') {
            expect(text.title, key).toMatch(/[\u0600-\u06FF]/);
            expect(text.title, key).not.toBe(english.title);
          }
        }
      }
    });

    it("stores a notice as its key and values, and words it in the reader's language at every read (a language switch changes the list)", async () => {
      const { partner, client } = await signedInPartner();
      const notice = defineNotice<{ amount: NoticeMoney; due: NoticeDay; count: number }>('test.payout_due', {
        en: { title: 'Payout of {amount} due', body: '{count} commissions, payable on {due}.' },
        ar: { title: 'دفعة بمبلغ {amount} مستحقة', body: '{count} عمولة، تُدفع في {due}.' },
      });
      const [stored] = await context.app.notifications.notify(partner.userId, { type: 'commission', notice, values: { amount: money(123456789, 'AED'), due: day('2026-12-15'), count: 12500 }, link: '/my-earnings' });
      // the live event and the answer: the recipient's saved language (English), amounts with separators
      expect(stored).toMatchObject({ title: 'Payout of AED\u00a01,234,567.89 due', body: '12,500 commissions, payable on 15 Dec 2026.' });
      const row = (await context.database.pool.query('SELECT message_key, message_values FROM notifications WHERE id = $1', [stored!.id])).rows[0];
      expect(row).toEqual({ message_key: 'test.payout_due', message_values: { amount: { kind: 'money', minor: 123456789, currency: 'AED' }, due: { kind: 'day', day: '2026-12-15' }, count: 12500 } });

      const read = async (language: string) => (await client.get('/api/notifications', { 'accept-language': language })).json().data[0];
      expect(await read('ar')).toMatchObject({ id: stored!.id, title: 'دفعة بمبلغ \u200f1,234,567.89\u00a0AED مستحقة', body: expect.stringMatching(/^12,500 عمولة، تُدفع في .*2026\.$/) });
      expect((await read('ar')).body).toMatch(/[\u0600-\u06FF]+ 2026/);
      expect(await read('en')).toMatchObject({ title: 'Payout of AED\u00a01,234,567.89 due', body: '12,500 commissions, payable on 15 Dec 2026.' });

      // a plain message (the admin command's) and a key no area defines any more keep the words they were sent with
      await context.app.notifications.notify(partner.userId, { title: 'Office closed on Friday' });
      await context.database.pool.query(`UPDATE notifications SET message_key = 'gone.notice' WHERE id = $1`, [stored!.id]);
      const list = (await client.get('/api/notifications', { 'accept-language': 'ar' })).json().data;
      expect(list.map((notification: { title: string }) => notification.title)).toEqual(['Office closed on Friday', 'Payout of AED\u00a01,234,567.89 due']);
    });

    it("words an operator's message in Arabic for a reader of the Arabic portal when the operator wrote one", async () => {
      const { partner, client } = await signedInPartner();
      await context.app.notifications.notify(partner.userId, broadcastContent({ id: 1, title: 'Office closed', body: 'Back on Saturday.', title_ar: 'المكتب مغلق', body_ar: 'نعود يوم السبت.', link: null }));
      expect((await client.get('/api/notifications', { 'accept-language': 'ar' })).json().data[0]).toMatchObject({ title: 'المكتب مغلق', body: 'نعود يوم السبت.' });
      expect((await client.get('/api/notifications', { 'accept-language': 'en' })).json().data[0]).toMatchObject({ title: 'Office closed', body: 'Back on Saturday.' });
    });
  });

  describe('the API', () => {
    it('lists newest first in the paginator shape, pages, and filters unread', async () => {
      const { partner, client } = await signedInPartner();
      const stored = await seed(partner.userId, 12);
      await context.database.pool.query('UPDATE notifications SET read_at = now() WHERE id = ANY($1::uuid[])', [
        stored.slice(0, 4).map((notification) => notification.id),
      ]);

      const firstPage = await client.get('/api/notifications?per_page=5');
      expect(firstPage.statusCode).toBe(200);
      const page = notificationListSchema.parse(firstPage.json());
      expect(page).toMatchObject({ total: 12, current_page: 1, last_page: 3, per_page: 5, from: 1, to: 5 });
      expect(page.data.map((notification) => notification.title)).toEqual(['Notice 12', 'Notice 11', 'Notice 10', 'Notice 9', 'Notice 8']);
      expect(page.links.map((link) => link.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
      expect(page.links[0]!.url).toBeNull();
      expect(page.links.at(-1)!.url).toBe('/api/notifications?per_page=5&page=2');

      const lastPage = (await client.get('/api/notifications?per_page=5&page=3')).json();
      expect(lastPage).toMatchObject({ from: 11, to: 12, current_page: 3 });
      expect(lastPage.data.map((notification: { title: string }) => notification.title)).toEqual(['Notice 2', 'Notice 1']);

      const unread = (await client.get('/api/notifications?filter=unread&per_page=100')).json();
      expect(unread.total).toBe(8);
      expect(unread.data.every((notification: { read_at: string | null }) => notification.read_at === null)).toBe(true);
      expect(unread.links.at(-1).url).toBeNull();

      const beyond = (await client.get('/api/notifications?page=9')).json();
      expect(beyond).toMatchObject({ data: [], from: null, to: null, total: 12 });

      expect((await client.get('/api/notifications?per_page=0')).statusCode).toBe(422);
      expect((await client.get('/api/notifications?filter=everything')).statusCode).toBe(422);
    });

    it('counts unread, marks one read (idempotently), marks all read and deletes', async () => {
      const { partner, client } = await signedInPartner();
      const [first, second, third] = await seed(partner.userId, 3);
      expect((await client.get('/api/notifications/unread-count')).json()).toEqual({ count: 3 });

      const read = await client.post(`/api/notifications/${first!.id}/read`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ unread_count: 2 });
      const readAt = (await context.database.pool.query('SELECT read_at FROM notifications WHERE id = $1', [first!.id])).rows[0].read_at;
      expect((await client.post(`/api/notifications/${first!.id}/read`)).json()).toEqual({ unread_count: 2 });
      expect((await context.database.pool.query('SELECT read_at FROM notifications WHERE id = $1', [first!.id])).rows[0].read_at).toEqual(readAt);

      const removed = await client.delete(`/api/notifications/${second!.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ unread_count: 1 });
      expect((await client.delete(`/api/notifications/${second!.id}`)).statusCode).toBe(404);

      expect((await client.post('/api/notifications/read-all')).json()).toEqual({ unread_count: 0 });
      expect((await client.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
      const list = (await client.get('/api/notifications')).json();
      expect(list.data.map((notification: { id: string }) => notification.id)).toEqual([third!.id, first!.id]);
      expect(list.data.every((notification: { read_at: string | null }) => typeof notification.read_at === 'string')).toBe(true);
    });

    it("answers 404 for another user's notification and for an id that is not one, and never touches it", async () => {
      const { client } = await signedInPartner();
      const owner = await createPartner(context.database.pool);
      const [theirs] = await seed(owner.userId, 1);

      const read = await client.post(`/api/notifications/${theirs!.id}/read`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message: 'Notification not found.' });
      expect((await client.delete(`/api/notifications/${theirs!.id}`)).statusCode).toBe(404);
      expect((await client.post('/api/notifications/not-a-uuid/read')).statusCode).toBe(404);
      expect((await client.delete('/api/notifications/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);

      const row = (await context.database.pool.query('SELECT read_at FROM notifications WHERE id = $1', [theirs!.id])).rows[0];
      expect(row).toEqual({ read_at: null });
      expect((await client.get('/api/notifications')).json().total).toBe(0);
    });

    it('answers 401 without a session and 419 without the CSRF header on every change', async () => {
      const { partner, client } = await signedInPartner();
      const [notification] = await seed(partner.userId, 1);
      const anonymous = new TestClient(context.app);
      for (const [method, url] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/unread-count'],
        ['POST', `/api/notifications/${notification!.id}/read`],
        ['POST', '/api/notifications/read-all'],
        ['DELETE', `/api/notifications/${notification!.id}`],
      ] as const) {
        const response = await anonymous.request(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(method === 'GET' ? 401 : 419);
      }
      // Signed in: the GETs work, the changes still need the token.
      for (const [method, url] of [
        ['POST', `/api/notifications/${notification!.id}/read`],
        ['POST', '/api/notifications/read-all'],
        ['DELETE', `/api/notifications/${notification!.id}`],
      ] as const) {
        const response = await client.request(method, url, undefined, { 'x-xsrf-token': 'wrong' });
        expect(response.statusCode, `${method} ${url}`).toBe(419);
        expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
      }
      expect((await client.get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });
    });
  });

  describe('keeping every tab right', () => {
    it('broadcasts the new unread count after read, read-all and delete, skipping the tab that sent X-Socket-ID', async () => {
      const { partner, client, cookie } = await signedInPartner();
      const [first, second] = await seed(partner.userId, 3);
      const sender = await openTab(partner.userId, cookie);
      const other = await openTab(partner.userId, cookie);
      const senderGot = collectEvents<NotificationsUpdatedEvent>(sender.channel, UPDATED);
      const headers = { 'x-socket-id': sender.socketId };

      let next = waitForEvent<NotificationsUpdatedEvent>(other.channel, UPDATED);
      await client.post(`/api/notifications/${first!.id}/read`, undefined, headers);
      expect(await next).toEqual({ unread_count: 2 });

      next = waitForEvent<NotificationsUpdatedEvent>(other.channel, UPDATED);
      await client.delete(`/api/notifications/${second!.id}`, headers);
      expect(await next).toEqual({ unread_count: 1 });

      next = waitForEvent<NotificationsUpdatedEvent>(other.channel, UPDATED);
      await client.post('/api/notifications/read-all', undefined, headers);
      expect(await next).toEqual({ unread_count: 0 });

      // Without the header every tab hears it; the sender tab got none of the three before.
      const senderNext = waitForEvent<NotificationsUpdatedEvent>(sender.channel, UPDATED);
      await client.post('/api/notifications/read-all');
      expect(await senderNext).toEqual({ unread_count: 0 });
      expect(senderGot).toEqual([{ unread_count: 0 }]);
    });

    it('ignores a malformed X-Socket-ID rather than failing the request', async () => {
      const { partner, client, cookie } = await signedInPartner();
      const [notification] = await seed(partner.userId, 1);
      const tab = await openTab(partner.userId, cookie);
      const updated = waitForEvent<NotificationsUpdatedEvent>(tab.channel, UPDATED);
      const response = await client.post(`/api/notifications/${notification!.id}/read`, undefined, { 'x-socket-id': 'not a socket' });
      expect(response.statusCode).toBe(200);
      expect(await updated).toEqual({ unread_count: 0 });
    });
  });
});
