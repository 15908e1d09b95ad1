import type { APIRequestContext } from '@playwright/test';
import type { Establishment } from '../../../src/shared/schemas/establishment.schema';
import { clientWithEstablishment } from './establishments';
import { expect } from './fixtures';
import { adminToken, apiLogin, registerCustomer } from './users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A business with its client, a post, and a customer who follows it: what the pages show. */
export interface A11yWorld {
  establishment: Establishment;
  postId: string;
  /** The follower's question to the business, asked from the post. */
  conversationId: string;
  client: { id: string; token: string };
  customer: { id: string; token: string };
}

/** Made through the API (setup, not what the sweep is about). */
export async function a11yWorld(request: APIRequestContext, tag: string): Promise<A11yWorld> {
  const { client, establishment } = await clientWithEstablishment(request, tag);
  const clientLogin = await apiLogin(request, client);
  const sent = await request.post(`/api/establishments/${establishment.id}/notifications`, {
    headers: bearer(clientLogin.accessToken),
    data: { text: 'Goulash of the day: 6.50 €, gluten-free bread on request.', post: true },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  const postId = ((await sent.json()) as { notification: { id: string } }).notification.id;

  const customer = await registerCustomer(request, { tag: 'a11y-follower', verified: true });
  const customerLogin = await apiLogin(request, customer);
  const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
    headers: bearer(customerLogin.accessToken),
  });
  expect(follow.status(), await follow.text()).toBe(200);
  const asked = await request.post(`/api/establishments/${establishment.id}/conversations`, {
    headers: bearer(customerLogin.accessToken),
    data: { text: 'Do you have a table for four at eight?', postId },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const conversationId = ((await asked.json()) as { conversation: { id: string } }).conversation.id;
  return {
    establishment,
    postId,
    conversationId,
    client: { id: clientLogin.user.id, token: clientLogin.accessToken },
    customer: { id: customerLogin.user.id, token: customerLogin.accessToken },
  };
}

/** The first item's id of an admin list (preferences, groups). */
export async function firstId(request: APIRequestContext, path: string): Promise<string | undefined> {
  const response = await request.get(path, { headers: bearer(await adminToken(request)) });
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string }[] };
  return items[0]?.id;
}
