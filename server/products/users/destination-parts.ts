/**
 * The users product's own parts of the user (see `UserPart`): its email addresses and phone
 * numbers, read and listed as every product's lists are, first.
 */
import type { UserPart } from './user-part.js';

/** The user's email addresses (`emails`). */
const emailsPart: UserPart<'emails', 'emails'> = {
  recordField: 'emails',
  bodyField: 'emails',
  table: 'user_emails',
  columns: ['email_id', 'email', 'verified', 'created_at'],
  toRecord: (row) => ({
    emailId: String(row.email_id),
    email: String(row.email),
    verified: Number(row.verified) === 1,
    createdAt: Number(row.created_at),
  }),
  toBody: (email) => ({ email_id: email.emailId, email: email.email, verified: email.verified }),
  signInMethodId: (email) => email.emailId,
};

/** The user's phone numbers (`phone_numbers`). */
const phoneNumbersPart: UserPart<'phoneNumbers', 'phone_numbers'> = {
  recordField: 'phoneNumbers',
  bodyField: 'phone_numbers',
  table: 'user_phone_numbers',
  columns: ['phone_id', 'phone_number', 'verified', 'created_at'],
  toRecord: (row) => ({
    phoneId: String(row.phone_id),
    phoneNumber: String(row.phone_number),
    verified: Number(row.verified) === 1,
    createdAt: Number(row.created_at),
  }),
  toBody: (phone) => ({
    phone_id: phone.phoneId,
    phone_number: phone.phoneNumber,
    verified: phone.verified,
  }),
  signInMethodId: (phone) => phone.phoneId,
};

/** The users product's parts, in the user body's order. */
export const DESTINATION_PARTS: readonly UserPart[] = [emailsPart, phoneNumbersPart];
