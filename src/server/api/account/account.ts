import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_ERRORS, parseAccountUpdate } from '../../../lib/account/account-input';
import { isEventType, NOTIFICATION_CHANNELS, EVENT_TYPES, preferenceChanges, type NotificationPreference } from '../../../lib/notifications/notification-preferences';
import type { AppDatabase } from '../../db/client';
import { user, userNotificationPreferences, type EventType } from '../../db/schema';
import { builder } from '../builder';
import { readNotificationPreferences } from '../notifications/preferences';
import type { FieldIssue } from '../../../lib/forms/form-outcome';
import { invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { userLanguageColumn, userLanguageOf } from '../user-language';

// The signed-in user's own account and site settings (/edit-account, /site-settings).
// Nothing here takes a user id: every operation reads and writes the caller's row only.

interface AccountRow {
  id: string;
  email: string;
  displayName: string | null;
  phoneNumber: string | null;
  language: string | null;
}

const Account = builder.objectRef<AccountRow>('Account').implement({
  description: "The signed-in user's own account (the user entity). The e-mail address belongs to the identity provider and is read-only here",
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true, description: 'E.164, e.g. +442079460958' }),
    language: t.string({
      description: 'The language of the mails and notifications sent to the user: en or fr (en until one is chosen)',
      resolve: (row) => userLanguageOf(row.language),
    }),
  }),
});

const accountColumns = { id: user.id, email: user.email, displayName: user.displayName, phoneNumber: user.phoneNumber, language: userLanguageColumn };

async function readAccount(db: AppDatabase, userId: string): Promise<AccountRow> {
  const [row] = await db.select(accountColumns).from(user).where(eq(user.id, userId)).limit(1);
  // The context provisioned this row before any resolver ran.
  if (!row) throw new Error(`the signed-in user ${userId} has no user row`);
  return row;
}

builder.queryField('myAccount', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Account,
    description: "The signed-in user's account: name, phone number and e-mail address",
    resolve: (_root, _args, { db, viewer }) => readAccount(db, viewer.userId),
  }),
);

const UpdateMeInput = builder.inputType('UpdateMeInput', {
  description: 'A partial update of your own account: a field left out stays as it is',
  fields: (t) => ({
    displayName: t.string({ description: 'Trimmed, 1 to 100 characters, one line; cannot be removed' }),
    phoneNumber: t.string({ description: 'International format (+ and country code); spaces and dashes are dropped; blank or null removes it' }),
    language: t.string({ description: 'en or fr: the language of your mails and notifications; null leaves it as it is' }),
  }),
});

builder.mutationField('updateMe', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Account,
    description: "Updates the signed-in user's own display name, phone number and language (there is no id: nobody edits another's account)",
    args: { data: t.arg({ type: UpdateMeInput, required: true }) },
    resolve: async (_root, { data }, { db, viewer }) => {
      const parsed = parseAccountUpdate({ displayName: data.displayName, phoneNumber: data.phoneNumber, language: data.language });
      if (!parsed.ok) throw invalidFields(parsed.errors, ACCOUNT_ERRORS);
      const userId = viewer.userId;
      const { language, ...columns } = parsed.values;
      const changedFields = Object.keys(parsed.values);
      if (changedFields.length === 0) return readAccount(db, userId);
      return db.transaction(async (tx) => {
        // The language lives among the preferences: the others stay as they are.
        const preferences = language ? { preferences: sql`${user.preferences} || ${JSON.stringify({ language })}::jsonb` } : {};
        const [updated] = await tx.update(user).set({ ...columns, ...preferences }).where(eq(user.id, userId)).returning(accountColumns);
        // Addressed to no one (it tells nobody); the fields are named, never their values.
        await recordEvent(tx, viewer, { type: 'user.update', toId: null, data: { entityId: userId, changedFields } });
        return updated!;
      });
    },
  }),
);

const NotificationPreferenceRef = builder.objectRef<NotificationPreference>('NotificationPreference').implement({
  description: 'Through which channels the user hears about one event type',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'An event type, e.g. billing.create' }),
    email: t.exposeBoolean('email'),
    ui: t.exposeBoolean('ui', { description: 'In the app' }),
    push: t.exposeBoolean('push'),
  }),
});

builder.queryField('myNotificationPreferences', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [NotificationPreferenceRef],
    description: 'One entry per event type: your stored choice, or the default (in-app on; e-mail on for invitations, assignments and billing; push off)',
    resolve: (_root, _args, { db, viewer }) => readNotificationPreferences(db, viewer.userId),
  }),
);

const NotificationPreferenceInput = builder.inputType('NotificationPreferenceInput', {
  fields: (t) => ({
    type: t.string({ required: true, description: 'An event type, e.g. billing.create' }),
    email: t.boolean({ required: true }),
    ui: t.boolean({ required: true }),
    push: t.boolean({ required: true }),
  }),
});

/** Unknown and repeated types, each as an issue on its entry's type field (`<index>.type`). */
function preferenceInputIssues(data: ReadonlyArray<{ type: string }>): FieldIssue[] {
  const seen = new Set<string>();
  return data.flatMap((entry, index) => {
    const path = `${index}.type`;
    if (!isEventType(entry.type)) return [{ path, code: 'eventTypeUnknown', params: { type: entry.type.slice(0, 60) } }];
    if (seen.has(entry.type)) return [{ path, code: 'eventTypeRepeated', params: { type: entry.type } }];
    seen.add(entry.type);
    return [];
  });
}

builder.mutationField('updateMyNotificationPreferences', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [NotificationPreferenceRef],
    description: `Stores your channels for the event types given, all or none (one transaction); types left out keep their setting. Answers the full list, as myNotificationPreferences. Channels: ${NOTIFICATION_CHANNELS.join(', ')}`,
    args: { data: t.arg({ type: [NotificationPreferenceInput], required: true }) },
    resolve: async (_root, { data }, { db, viewer }) => {
      if (data.length > EVENT_TYPES.length) throw invalidFields([{ path: 'data', code: 'tooManyPreferences', params: { max: EVENT_TYPES.length } }], ACCOUNT_ERRORS, null);
      const issues = preferenceInputIssues(data);
      if (issues.length) throw invalidFields(issues, ACCOUNT_ERRORS);
      const userId = viewer.userId;
      return db.transaction(async (tx) => {
        const before = await readNotificationPreferences(tx, userId);
        if (data.length) {
          const excluded = (column: string) => sql.raw(`excluded."${column}"`);
          await tx
            .insert(userNotificationPreferences)
            .values(data.map((entry) => ({ userId, type: entry.type as EventType, email: entry.email, ui: entry.ui, push: entry.push })))
            .onConflictDoUpdate({
              target: [userNotificationPreferences.userId, userNotificationPreferences.type],
              set: { email: excluded('email'), ui: excluded('ui'), push: excluded('push'), updatedAt: sql`now()` },
            });
        }
        const after = await readNotificationPreferences(tx, userId);
        const changes = preferenceChanges(before, after);
        if (changes.changedFields.length) await recordEvent(tx, viewer, { type: 'userNotificationPreferences.update', toId: null, data: { entityId: userId, ...changes } });
        return after;
      });
    },
  }),
);
