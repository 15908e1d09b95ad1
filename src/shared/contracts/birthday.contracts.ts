import { BirthdayBodySchema, BirthdaySavedSchema, BirthdaySchema } from '../schemas/birthday.schema';
import { defineContract, errorResponses } from './contract';

/** The signed-in user's birthday, for the birthday messages of the businesses they follow. */

const tags = ['account'] as const;

export const getBirthday = defineContract({
  operationId: 'getBirthday',
  summary: "The caller's birthday (day and month), when they gave one",
  tags,
  method: 'GET',
  path: '/api/account/birthday',
  access: 'push:subscribe',
  responses: { 200: BirthdaySchema, ...errorResponses(401, 403) },
});

export const setBirthday = defineContract({
  operationId: 'setBirthday',
  summary:
    "Give or change the caller's birthday; `consent: true` agrees that the businesses they follow may send them a birthday message",
  tags,
  method: 'PUT',
  path: '/api/account/birthday',
  access: 'push:subscribe',
  body: BirthdayBodySchema,
  responses: { 200: BirthdaySavedSchema, ...errorResponses(400, 401, 403) },
});

export const deleteBirthday = defineContract({
  operationId: 'deleteBirthday',
  summary: "Delete the caller's birthday and withdraw the consent: no birthday message any more",
  tags,
  method: 'DELETE',
  path: '/api/account/birthday',
  access: 'push:subscribe',
  responses: { 200: BirthdaySavedSchema, ...errorResponses(401, 403) },
});
