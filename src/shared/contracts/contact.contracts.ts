import { z } from 'zod';
import {
  ContactRequestBodySchema,
  ContactRequestListQuerySchema,
  ContactRequestListSchema,
} from '../schemas/contact.schema';
import { defineContract, errorResponses } from './contract';

const tags = ['contact'] as const;

export const sendContactRequest = defineContract({
  operationId: 'sendContactRequest',
  summary: "A business asks to use the service (/home's contact form); the representatives are emailed",
  description:
    'Public and rate limited per IP. The message is stored for the representative panel and emailed to SUPPORT_EMAIL with a Reply-To of the business.',
  tags,
  method: 'POST',
  path: '/api/contact',
  access: 'public',
  body: ContactRequestBodySchema,
  responses: { 201: z.object({ message: z.string() }), ...errorResponses(400, 429) },
});

export const listContactRequests = defineContract({
  operationId: 'listContactRequests',
  summary: "The businesses' contact requests, newest first (representatives and admins)",
  tags,
  method: 'GET',
  path: '/api/contact-requests',
  access: 'contactRequest:read',
  query: ContactRequestListQuerySchema,
  responses: { 200: ContactRequestListSchema, ...errorResponses(400, 401, 403) },
});
