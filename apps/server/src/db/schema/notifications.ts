import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// Mirrors migrations/0003_notifications.sql; the SQL file is the source of truth for the database.
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread')
      .on(table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.readAt} IS NULL`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
