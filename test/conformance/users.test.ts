/** Users: list, detail, create, atomic update, delete. */
import { describe, expect, it } from 'vitest';
import { User, UserListItem } from '../../src-main/api/schemas';
import { expectFailure, startTestPbx } from './helpers';

const { pbx, client } = await startTestPbx();

async function createUser(fields: Record<string, unknown>): Promise<number> {
  const response = await client.post('/user', fields);
  expect(response.body).toMatchObject({ success: true });
  return response.body.data as number;
}

describe('GET /users and /user/{id}', () => {
  it('lists id, name and external_id of every user', async () => {
    const { body } = await client.get('/users');
    const users = UserListItem.array().parse(body.data);
    expect(users.length).toBeGreaterThan(10);
    expect(users.some((user) => user.external_id === null)).toBe(true);
  });

  it('gives every attribute of a user by id and by external id, never the password', async () => {
    const agent = (await client.get('/user/3')).body.data;
    const parsed = User.parse(agent);
    expect(parsed.username).toBe(pbx.agent.username);
    expect(parsed.primary_extension).not.toBeNull();
    expect(parsed.team_id).not.toBeNull();
    expect(parsed.role_id).not.toBeNull();
    expect(agent).not.toHaveProperty('password');
    const byExternal = await client.get(`/user/external/${encodeURIComponent(parsed.external_id!)}`);
    expect(byExternal.body.data).toEqual(agent);
  });

  it('answers 404 for unknown users and 400 for a non-numeric id', async () => {
    expectFailure(await client.get('/user/9999'), 404, 'user 9999 not found');
    expectFailure(await client.get('/user/external/no-such-id'), 404, /external_id no-such-id not found/);
    expectFailure(await client.get('/user/abc'), 400, /user_id must be a non-negative integer/);
  });

  it('matches external ids case-sensitively', async () => {
    const agent = (await client.get('/user/3')).body.data;
    expect((await client.get(`/user/external/${agent.external_id.toLowerCase()}`)).status).toBe(404);
  });
});

describe('POST /user', () => {
  it('creates a user with only username and group_id, and fills in the rest', async () => {
    const id = await createUser({ username: 'new.agent', group_id: 1 });
    const user = User.parse((await client.get(`/user/${id}`)).body.data);
    expect(user).toMatchObject({
      id,
      username: 'new.agent',
      group_id: 1,
      active: true,
      displayname: 'new.agent',
    });
    expect((await client.get('/users')).body.data).toContainEqual({
      id,
      name: 'new.agent',
      external_id: null,
    });
  });

  it('creates a user with every writable attribute', async () => {
    const id = await createUser({
      username: 'karel.novak',
      password: 'secret-123',
      group_id: 4,
      firstname: 'Karel',
      lastname: 'Novák',
      locale: 'cs_CZ',
      email: 'karel.novak@example.cz',
      team_id: 2,
      role_id: 2,
      external_id: 'HR-9001',
      data: { shift: 'morning' },
    });
    const user = (await client.get('/user/external/HR-9001')).body.data;
    expect(user).toMatchObject({
      id,
      displayname: 'Karel Novák',
      locale: 'cs_CZ',
      team_id: 2,
      data: { shift: 'morning' },
    });
  });

  it.each([
    [{ group_id: 1 }, { username: 'username is required' }],
    [{ username: 'someone' }, { group_id: 'group_id is required' }],
    [{ username: 'x y', group_id: 1 }, { username: expect.stringMatching(/letters, digits/) }],
    [{ username: 'u1', group_id: 77 }, { group_id: 'group 77 does not exist' }],
    [
      { username: 'u2', group_id: 1, locale: 'de_DE' },
      { locale: expect.stringMatching(/cs_CZ, en_US, sk_SK/) },
    ],
    [{ username: 'u3', group_id: 1, colour: 'red' }, { colour: 'unknown attribute' }],
    [{ username: 'u4', group_id: 1, id: 5 }, { id: 'id is read-only' }],
  ])('refuses %j with success false at HTTP 200 and a message per attribute', async (fields, messages) => {
    const response = await client.post('/user', fields);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: false, data: messages });
    expect(response.body.error).toMatch(/^Invalid user attributes: /);
  });

  it('treats usernames as case-insensitive when checking they are unique', async () => {
    const response = await client.post('/user', { username: pbx.agent.username.toUpperCase(), group_id: 1 });
    expect(response.body).toMatchObject({
      success: false,
      data: { username: expect.stringMatching(/already taken/) },
    });
  });

  it('refuses a body that is not a JSON object with 400', async () => {
    expectFailure(
      await client.post('/user', [{ username: 'a', group_id: 1 }]),
      400,
      'body must be a JSON object',
    );
  });
});

describe('PATCH /user (all or nothing)', () => {
  it('changes only the attributes given', async () => {
    const id = await createUser({
      username: 'patch.me',
      group_id: 1,
      firstname: 'Old',
      lastname: 'Name',
      pin: '1234',
    });
    const response = await client.patch(`/user/${id}`, { firstname: 'New' });
    expect(response.body).toEqual({ success: true, data: null });
    const user = (await client.get(`/user/${id}`)).body.data;
    expect(user).toMatchObject({ firstname: 'New', lastname: 'Name', pin: '1234', displayname: 'New Name' });
  });

  it('writes nothing when any attribute is invalid, and names each one', async () => {
    const id = await createUser({ username: 'atomic', group_id: 1, firstname: 'Before' });
    const before = (await client.get(`/user/${id}`)).body.data;
    const response = await client.patch(`/user/${id}`, {
      firstname: 'After',
      email: 'not-an-email',
      team_id: 99,
      pin: 'abcd',
    });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(false);
    expect(response.body.data).toEqual({
      email: expect.stringMatching(/e-mail/),
      pin: expect.stringMatching(/digits/),
    });
    expect((await client.get(`/user/${id}`)).body.data).toEqual(before);
    // The reference check runs once the attributes themselves are valid; it also writes nothing.
    const references = await client.patch(`/user/${id}`, { firstname: 'After', team_id: 99 });
    expect(references.body).toMatchObject({ success: false, data: { team_id: 'team 99 does not exist' } });
    expect((await client.get(`/user/${id}`)).body.data).toEqual(before);
  });

  it('updates by external id and deactivates with active=false, keeping the record', async () => {
    const id = await createUser({ username: 'leaver', group_id: 1, external_id: 'HR-LEAVER' });
    expect((await client.patch('/user/external/HR-LEAVER', { active: false })).body.success).toBe(true);
    expect((await client.get(`/user/${id}`)).body.data.active).toBe(false);
  });

  it('answers 404 when the user does not exist', async () => {
    expectFailure(await client.patch('/user/9999', { firstname: 'x' }), 404, 'user 9999 not found');
  });
});

describe('DELETE /user', () => {
  it('deletes by id and by external id', async () => {
    const first = await createUser({ username: 'gone.one', group_id: 1 });
    const second = await createUser({ username: 'gone.two', group_id: 1, external_id: 'GONE-2' });
    expect((await client.delete(`/user/${first}`)).body).toEqual({ success: true, data: null });
    expect((await client.delete('/user/external/GONE-2')).body).toEqual({ success: true, data: null });
    expect((await client.get(`/user/${first}`)).status).toBe(404);
    expect((await client.get(`/user/${second}`)).status).toBe(404);
    expectFailure(await client.delete(`/user/${first}`), 404, /not found/);
  });

  it("cancels the user's references in call records and keeps the records", async () => {
    // A colleague of the demo agent takes a call, then leaves the company.
    const colleague = (await client.get('/user/4')).body.data;
    const extensions = (await client.get('/extensions', { query: { type: 'phone' } })).body.data;
    const line = extensions.find((extension: { id: number }) => extension.id === colleague.primary_extension);
    const phone = { extension: line.number as string };
    const inbound = await client.post('/_sim/calls/inbound', { to: phone, from: '+420 777 000 111' });
    const uniqueid = inbound.body.data.uniqueid as string;
    expect((await client.patch('/call', { ...phone, state: 'answer' })).body.success).toBe(true);
    pbx.sim.advance(30);
    expect((await client.delete('/call', { body: phone })).body.success).toBe(true);
    const before = (await client.get(`/call/${uniqueid}`)).body.data;
    expect(before.dst_user_id).toBe(colleague.id);

    expect((await client.delete(`/user/${colleague.id}`)).body.success).toBe(true);
    const after = await client.get(`/call/${uniqueid}`);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ uniqueid, dst_user_id: null, talk_time: before.talk_time });
    expect(after.body.data.recording).toBe(before.recording);
  });
});
