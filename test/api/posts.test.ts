/** Posts and plant posts over HTTP: creating (idempotent), privacy on every read route, editing, deleting. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPhotoKey } from '../../shared/content-rules';
import { type PostDetail } from '../../shared/answers/feeds';
import { type PostView } from '../../shared/answers/posts';
import { as } from '../support/accounts';
import { call, hostUrl } from '../support/api';
import { ids, newPlant, newPost, TINY_JPEG, uniqueTag, uploadPhoto, type FeedAnswer } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { registeredUser, unregisteredUser, type TestUser } from '../support/users';

let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  [a, b] = await Promise.all([registeredUser(), registeredUser()]);
});

const guest = <T = FeedAnswer>(path: string) => call<T>('GET', path);

/** Every list a reader can reach a post through (as this browser, or as a guest when none). */
async function everyList(viewer: TestUser | null, owner: TestUser, tag: string): Promise<string[]> {
  const get = <T = FeedAnswer>(path: string) => (viewer ? as<T>(viewer.browser, 'GET', path) : guest<T>(path));
  const paths = [
    '/api/content-items/recent', '/api/content-items/recent?filter=postsAll', '/api/content-items/recent?filter=plantsAll', '/api/content-items/recent?filter=plantsAvail',
    `/api/posts/tag/${tag}`, `/api/posts/${owner.profile.username}`, `/api/plants/by-user/${owner.profile.username}`,
    `/api/plants/by-user/${owner.profile.username}?filter=plantsAvail`, '/api/plants/recent/plantsAll', '/api/plants/recent/plantsAvail',
    `/api/plant/listings/user/${owner.uuid}`, '/api/plants/get-latest/plants-users',
    ...(viewer
      ? ['/api/iam/posts/init-recent', `/api/iam/posts/tag/${tag}`, '/api/iam/plants/init-recent/plantsAll', '/api/iam/plants/init-recent/plantsAvail', `/api/iam/plantsbyuser/${owner.uuid}/plantsAll/50`]
      : []),
  ];
  const found: string[] = [];
  for (const path of paths) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    found.push(...ids(res.data.contentItems ?? res.data.posts ?? res.data.plants));
  }
  return found;
}

describe('creating', () => {
  it('creates a post once per client id: a retry answers the same post, another author gets 409', async () => {
    const id = randomUUID();
    const body = { id, text: 'First fronds of the season', tags: ['Ferns', 'ferns '], photos: [], privacy: 'public' };
    const first = await as<{ post: PostView }>(a.browser, 'POST', '/api/iam/posts/new', body);
    expect(first.status).toBe(201);
    expect(first.data.post).toMatchObject({ id, kind: 'post', type: 'text/image', text: 'First fronds of the season', tags: ['ferns'], privacy: 'public', reactionCount: 0, commentCount: 0 });
    expect(first.data.post.owner).toMatchObject({ type: 'user', id: a.uuid, handle: a.profile.username });
    const retry = await as<{ post: PostView }>(a.browser, 'POST', '/api/iam/posts/new', body);
    expect(retry.status).toBe(200);
    expect(retry.data.post.createdAt).toBe(first.data.post.createdAt);
    const stolen = await as(b.browser, 'POST', '/api/iam/posts/new', body);
    expect(stolen.status).toBe(409);
    expect((await queryPartition(`post#${id}`)).filter((i) => i.sk === 'post')).toHaveLength(1);
    expect(await getItem('tags', 'tag#ferns')).toMatchObject({ usageCount: expect.any(Number) });
  });

  it('needs text or a photo, at most 8 tags, and a complete registration', async () => {
    const empty = await as(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: '  ', tags: [], photos: [], privacy: 'public' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ error: { field: 'text' } });
    const many = await as(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'x', tags: Array.from({ length: 9 }, (_, i) => `t${i}`), photos: [], privacy: 'public' });
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({ error: { field: 'tags' } });
    const newcomer = await unregisteredUser();
    expect((await as(newcomer.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'hi', tags: [], photos: [], privacy: 'public' })).status).toBe(403);
  });

  it('accepts only the author\'s own uploaded photos, each once', async () => {
    const key = await uploadPhoto(a);
    const bad = await as(b.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'not mine', tags: [], photos: [{ key }], privacy: 'public' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'photos' } });
    const post = await newPost(a, { photos: [{ key, description: 'new growth' }] });
    expect(post.photos).toEqual([{ key, small: null, width: null, height: null, description: 'new growth' }]);
    const again = await as(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'twice', tags: [], photos: [{ key }], privacy: 'public' });
    expect(again.status).toBe(400);
    const served = await fetch(new URL(`/${key}`, (await import('../support/api')).hostUrl()));
    expect(served.status).toBe(200);
  });

  it('answers each photo\'s small rendition (for cards) and the size the browser measured; a photo without them answers null', async () => {
    const withSmall = await uploadPhoto(a, TINY_JPEG, 'image/jpeg', { body: TINY_JPEG });
    const asked = await uploadPhoto(a); // no small rendition asked for
    const post = await newPost(a, { photos: [{ key: withSmall, width: 2048, height: 1536, description: 'the whole bed' }, { key: asked }] });
    expect(post.photos).toEqual([
      { key: withSmall, small: smallPhotoKey(withSmall), width: 2048, height: 1536, description: 'the whole bed' },
      { key: asked, small: null, width: null, height: null, description: null },
    ]);
    const served = await fetch(`${hostUrl()}/${smallPhotoKey(withSmall)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_JPEG)).toBe(true);
    // Every read answers the same.
    const read = await guest<PostDetail & { post: PostView }>(`/api/post/${post.id}`);
    expect(read.status).toBe(200);
    expect(read.data.post.photos).toEqual(post.photos);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({
      photos: [{ key: withSmall, small: true, width: 2048, height: 1536, description: 'the whole bed' }, { key: asked, small: false }],
    });

    // A plant too, under plant_photos; a small rendition asked for but never sent answers null.
    const plantKey = await uploadPhoto(a);
    const res = await as<{ plant: PostView }>(a.browser, 'POST', '/api/iam/plant/new', {
      id: randomUUID(), text: '', tags: [], privacy: 'public', plant: { commonName: 'Monstera', availability: 'Not available' },
      plant_photos: [{ key: plantKey, width: 640, height: 480 }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.data.plant.photos).toEqual([{ key: plantKey, small: null, width: 640, height: 480, description: null }]);
  });

  it('refuses a small rendition\'s key given as a photo, and a small rendition that is not an image', async () => {
    const key = await uploadPhoto(a, TINY_JPEG, 'image/jpeg', { body: TINY_JPEG });
    const smallAsPhoto = await as(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'small', tags: [], photos: [{ key: smallPhotoKey(key) }], privacy: 'public' });
    expect(smallAsPhoto.status).toBe(400);
    expect(smallAsPhoto.json).toMatchObject({ error: { field: 'photos.0.key' } });

    const html = await uploadPhoto(a, TINY_JPEG, 'image/jpeg', { body: Buffer.from('<html></html>'), contentType: 'text/html' });
    const wrongType = await as(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'html', tags: [], photos: [{ key }, { key: html }], privacy: 'public' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ error: { field: 'photos', message: 'photo 2 has a small rendition that is not a JPEG, PNG or WebP image' } });
    // The refusal claimed nothing: the good photo can still be used.
    expect((await newPost(a, { photos: [{ key }] })).photos[0]!.small).toBe(smallPhotoKey(key));
  });

  it('refuses a photo width or height that is not a whole number of pixels from 1 to 2048, naming the field', async () => {
    const key = await uploadPhoto(a);
    for (const [size, message] of [
      [{ width: 0 }, 'photos.0.width must be at least 1'],
      [{ width: 2049 }, 'photos.0.width must be at most 2048'],
      [{ height: 10.5 }, 'photos.0.height must be a whole number of pixels'],
      [{ height: '480' }, 'photos.0.height must be a number'],
    ] as const) {
      const res = await as(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'sized', tags: [], photos: [{ key, ...size }], privacy: 'public' });
      expect(res.status, message).toBe(400);
      expect(res.json).toMatchObject({ error: { field: message.split(' ')[0], message } });
    }
  });

  it('creates a plant post with its details, photos and availability', async () => {
    const plant = await newPlant(a, { photos: 2, commonName: 'string of pearls', availability: 'Available for sale' });
    expect(plant).toMatchObject({ kind: 'plant', type: 'plant/image', available: true, plant: { commonName: 'string of pearls', availability: 'Available for sale' } });
    expect(plant.photos).toHaveLength(2);
    const res = await guest<PostDetail & { plant: PostView }>(`/api/plant/${plant.id}`);
    expect(res.status).toBe(200);
    expect(res.data.plant.id).toBe(plant.id);
    expect((await guest(`/api/post/${randomUUID()}`)).status).toBe(404);
  });
});

describe('privacy: nobody receives a post they may not see, from any route', () => {
  it('public: everyone; members: signed-in readers; private: the author only', async () => {
    const tag = uniqueTag();
    const pub = await newPost(a, { tags: [tag], privacy: 'public' });
    const mem = await newPost(a, { tags: [tag], privacy: 'members' });
    const priv = await newPost(a, { tags: [tag], privacy: 'private' });
    const plantMem = await newPlant(a, { tags: [tag], privacy: 'members' });
    const plantPriv = await newPlant(a, { tags: [tag], privacy: 'private' });

    const byGuest = await everyList(null, a, tag);
    expect(byGuest).toContain(pub.id);
    for (const hidden of [mem.id, priv.id, plantMem.id, plantPriv.id]) expect(byGuest).not.toContain(hidden);

    const byMember = await everyList(b, a, tag);
    expect(byMember).toContain(mem.id);
    expect(byMember).toContain(plantMem.id);
    for (const hidden of [priv.id, plantPriv.id]) expect(byMember).not.toContain(hidden);

    expect((await guest(`/api/post/${mem.id}`)).status).toBe(404);
    expect((await guest(`/api/plant/${plantMem.id}`)).status).toBe(404);
    expect((await as(b.browser, 'GET', `/api/post/${mem.id}`)).status).toBe(200);
    expect((await as(b.browser, 'GET', `/api/iam/posts/${priv.id}`)).status).toBe(404);
    expect((await as(b.browser, 'GET', `/api/plant/${plantPriv.id}`)).status).toBe(404);
    expect((await as(a.browser, 'GET', `/api/post/${priv.id}`)).status).toBe(200);

    const mine = await as<FeedAnswer>(a.browser, 'GET', '/api/iam/posts/bymyuser/first');
    expect(ids(mine.data.posts)).toEqual(expect.arrayContaining([pub.id, mem.id, priv.id]));
    const ownPlants = await as<FeedAnswer>(a.browser, 'GET', `/api/iam/plantsbyuser/${a.uuid}/plantsAll/50`);
    expect(ids(ownPlants.data.plants)).toEqual(expect.arrayContaining([plantMem.id, plantPriv.id]));
  });

  it('counts only what the viewer may see: guests public, members public + members, the author everything', async () => {
    const u = await registeredUser();
    await newPost(u, { privacy: 'public' });
    await newPost(u, { privacy: 'members' });
    await newPost(u, { privacy: 'private' });
    await newPlant(u, { privacy: 'public', availability: 'Not available (sold)' });
    await newPlant(u, { privacy: 'members' });
    const counts = async (viewer: TestUser | null) =>
      (viewer ? await as<FeedAnswer>(viewer.browser, 'GET', `/api/posts/${u.profile.username}`) : await guest(`/api/posts/${u.profile.username}`)).data.counts;
    expect(await counts(null)).toEqual({ postsAll: 1, plantsAll: 1, plantsAvail: 0, news: 0 });
    expect(await counts(b)).toEqual({ postsAll: 2, plantsAll: 2, plantsAvail: 1, news: 0 });
    expect(await counts(u)).toEqual({ postsAll: 3, plantsAll: 2, plantsAvail: 1, news: 0 });
    expect((await as<{ counts: unknown }>(b.browser, 'GET', `/api/iam/usercounts/byuser/${u.uuid}`)).data.counts).toEqual({ postsAll: 2, plantsAll: 2, plantsAvail: 1, news: 0 });
  });
});

describe('who counts as a member', () => {
  it('a signed-in account whose registration is incomplete reads as a guest', async () => {
    const post = await newPost(a, { privacy: 'members' });
    const newcomer = await unregisteredUser();
    expect((await as(newcomer.browser, 'GET', `/api/post/${post.id}`)).status).toBe(404);
    expect(ids((await as<FeedAnswer>(newcomer.browser, 'GET', '/api/iam/posts/init-recent')).data.posts)).not.toContain(post.id);
    expect((await as(b.browser, 'GET', `/api/post/${post.id}`)).status).toBe(200);
  });

  it('ids are one spelling: an upper-case UUID names the same post, and its cursor and reaction work', async () => {
    const u = await registeredUser();
    const id = randomUUID().toUpperCase();
    const res = await as<{ post: PostView }>(u.browser, 'POST', '/api/iam/posts/new', { id, text: 'shouting id', tags: [], photos: [], privacy: 'public' });
    expect(res.status).toBe(201);
    expect(res.data.post.id).toBe(id.toLowerCase());
    expect((await guest(`/api/post/${id}`)).status).toBe(200);
    await newPost(u);
    const first = await guest(`/api/posts/more/by-user/${u.profile.username}`);
    expect(first.status).toBe(200);
    const reaction = await as<{ reaction: { id: string } }>(b.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: id });
    expect((await as(b.browser, 'DELETE', '/api/iam/posts/reaction', { id: reaction.data.reaction.id })).status).toBe(200);
  });
});

describe('a suspended member', () => {
  it('can delete but not change or republish their posts', async () => {
    const { admin } = await import('../support/users');
    const u = await registeredUser();
    const post = await newPost(u, { text: 'before', privacy: 'private' });
    const doomed = await newPost(u, { text: 'to delete' });
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { uuid: u.uuid, suspended: true })).status).toBe(200);
    const again = await (await import('../support/users')).signInAgain(u);
    expect((await as(again.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: post.id, userId: u.uuid, text: 'spam', tags: [] })).status).toBe(403);
    expect((await as(again.browser, 'PUT', '/api/iam/posts/privacy', { id: post.id, uuid: u.uuid, privacy: 'public' })).status).toBe(403);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ text: 'before', privacy: 'private' });
    expect((await as(again.browser, 'DELETE', '/api/iam/posts', { postId: doomed.id, userId: u.uuid })).status).toBe(200);
  });
});

describe('editing', () => {
  it('an edit of text and tags moves the post to the front of its lists; the tag lists follow', async () => {
    const u = await registeredUser();
    const [oldTag, newTag] = [uniqueTag(), uniqueTag()];
    const first = await newPost(u, { tags: [oldTag] });
    const second = await newPost(u, { tags: [oldTag] });
    const before = await guest(`/api/posts/${u.profile.username}`);
    expect(ids(before.data.posts)).toEqual([second.id, first.id]);
    const edit = await as<{ post: PostView }>(u.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: first.id, userId: u.uuid, text: 'edited', tags: [newTag] });
    expect(edit.status).toBe(200);
    expect(edit.data.post).toMatchObject({ text: 'edited', tags: [newTag] });
    expect(ids((await guest(`/api/posts/${u.profile.username}`)).data.posts)).toEqual([first.id, second.id]);
    expect(ids((await guest(`/api/posts/tag/${oldTag}`)).data.contentItems)).toEqual([second.id]);
    expect(ids((await guest(`/api/posts/tag/${newTag}`)).data.contentItems)).toEqual([first.id]);
    expect((await guest(`/api/posts/tag/${newTag}`)).data.counts.postsAll).toBe(1);
    expect((await guest(`/api/posts/tag/${oldTag}`)).data.counts.postsAll).toBe(1);
  });

  it('the largest edit (all 8 tags replaced on a public post) fits one transaction', async () => {
    const u = await registeredUser();
    const before = Array.from({ length: 8 }, uniqueTag);
    const after = Array.from({ length: 8 }, uniqueTag);
    const post = await newPost(u, { tags: before });
    const res = await as<{ post: PostView }>(u.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: post.id, userId: u.uuid, text: 'retagged', tags: after });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(ids((await guest(`/api/posts/tag/${after[7]}`)).data.contentItems)).toEqual([post.id]);
    expect(ids((await guest(`/api/posts/tag/${before[0]}`)).data.contentItems)).toEqual([]);
  });

  it('privacy changes move the post between audiences and the counts follow', async () => {
    const u = await registeredUser();
    const post = await newPost(u, { privacy: 'public' });
    const res = await as<{ post: PostView }>(u.browser, 'PUT', '/api/iam/posts/privacy', { id: post.id, uuid: u.uuid, privacy: 'private' });
    expect(res.status).toBe(200);
    expect((await guest(`/api/post/${post.id}`)).status).toBe(404);
    expect((await guest(`/api/posts/${u.profile.username}`)).data.counts.postsAll).toBe(0);
    expect((await as<FeedAnswer>(u.browser, 'GET', `/api/posts/${u.profile.username}`)).data.counts.postsAll).toBe(1);
    expect(Date.parse(res.data.post.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));
  });

  it('plant details: marking a plant "Not available" takes it out of the available lists', async () => {
    const u = await registeredUser();
    const plant = await newPlant(u, { availability: 'Free to a good home' });
    expect(ids((await guest(`/api/plant/listings/user/${u.uuid}`)).data.plants)).toEqual([plant.id]);
    const res = await as<{ plant: PostView }>(u.browser, 'PUT', '/api/iam/plant/update/details', {
      postId: plant.id, userId: u.uuid, privacy: 'public', plant: { commonName: 'Monstera', availability: 'Not available' },
    });
    expect(res.status).toBe(200);
    expect(res.data.plant.available).toBe(false);
    const listings = await guest(`/api/plant/listings/user/${u.uuid}`);
    expect(ids(listings.data.plants)).toEqual([]);
    expect(listings.data.counts).toMatchObject({ plantsAll: 1, plantsAvail: 0 });
  });

  it('photo descriptions change by key; an unknown key is refused', async () => {
    const u = await registeredUser();
    const plant = await newPlant(u, { photos: 2 });
    const [p1, p2] = plant.photos;
    const res = await as<{ plant: PostView }>(u.browser, 'PUT', '/api/iam/plant/update/photo-descriptions', { id: plant.id, uuid: u.uuid, plantPhotos: [{ key: p2!.key, description: 'the roots' }] });
    expect(res.status).toBe(200);
    expect(res.data.plant.photos).toEqual([
      { key: p1!.key, small: null, width: null, height: null, description: 'photo 1' },
      { key: p2!.key, small: null, width: null, height: null, description: 'the roots' },
    ]);
    const other = await uploadPhoto(u);
    const bad = await as(u.browser, 'PUT', '/api/iam/plant/update/photo-descriptions', { id: plant.id, uuid: u.uuid, plantPhotos: [{ key: other, description: 'x' }] });
    expect(bad.status).toBe(400);
  });

  it('editing descriptions, text or details keeps each photo\'s small rendition and size', async () => {
    const u = await registeredUser();
    const key = await uploadPhoto(u, TINY_JPEG, 'image/jpeg', { body: TINY_JPEG });
    const made = await as<{ plant: PostView }>(u.browser, 'POST', '/api/iam/plant/new', {
      id: randomUUID(), text: '', tags: [], privacy: 'public', plant: { commonName: 'Hoya', availability: 'Not available' },
      plant_photos: [{ key, width: 1200, height: 1600, description: 'before' }],
    });
    expect(made.status).toBe(201);
    const id = made.data.plant.id;
    const photo = { key, small: smallPhotoKey(key), width: 1200, height: 1600 };

    const described = await as<{ plant: PostView }>(u.browser, 'PUT', '/api/iam/plant/update/photo-descriptions', { id, uuid: u.uuid, plantPhotos: [{ key, description: '' }] });
    expect(described.status).toBe(200);
    expect(described.data.plant.photos).toEqual([{ ...photo, description: null }]);
    const details = await as<{ plant: PostView }>(u.browser, 'PUT', '/api/iam/plant/update/details', {
      postId: id, userId: u.uuid, privacy: 'public', plant: { commonName: 'Hoya carnosa', availability: 'Available to swap' },
    });
    expect(details.status).toBe(200);
    expect(details.data.plant.photos).toEqual([{ ...photo, description: null }]);
    const texted = await as<{ post: PostView }>(u.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: id, userId: u.uuid, text: 'rooted', tags: [] });
    expect(texted.status, JSON.stringify(texted.json)).toBe(200);
    expect(await getItem(`post#${id}`, 'post')).toMatchObject({ photos: [{ key, small: true, width: 1200, height: 1600 }] });
  });

  it('another member can neither edit nor delete, and the post stays as it was', async () => {
    const post = await newPost(a, { text: 'mine', privacy: 'public' });
    const priv = await newPost(a, { text: 'secret', privacy: 'private' });
    expect((await as(b.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: post.id, userId: b.uuid, text: 'hijacked', tags: [] })).status).toBe(403);
    expect((await as(b.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: post.id, userId: a.uuid, text: 'hijacked', tags: [] })).status).toBe(403);
    expect((await as(b.browser, 'PUT', '/api/iam/posts/privacy', { id: priv.id, uuid: b.uuid, privacy: 'public' })).status).toBe(404);
    expect((await as(b.browser, 'DELETE', '/api/iam/posts', { postId: post.id, userId: b.uuid })).status).toBe(403);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ text: 'mine', version: 0 });
    expect(await getItem(`post#${priv.id}`, 'post')).toMatchObject({ privacy: 'private' });
  });
});

describe('deleting', () => {
  it('removes the post from every list and count, releases its tags, sweeps its thread and photos', async () => {
    const u = await registeredUser();
    const tag = uniqueTag();
    const plant = await newPlant(u, { tags: [tag], photos: 2 });
    await as(b.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: plant.id });
    await as(b.browser, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: plant.id, content: 'lovely', level: 0 });
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 1 });

    const res = await as(u.browser, 'DELETE', '/api/iam/posts', { postId: plant.id, userId: u.uuid });
    expect(res.status).toBe(200);
    expect((await guest(`/api/plant/${plant.id}`)).status).toBe(404);
    expect(await queryPartition(`post#${plant.id}`)).toEqual([]);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 0 });
    expect((await guest(`/api/posts/tag/${tag}`)).data).toMatchObject({ contentItems: [], counts: { plantsAll: 0, plantsAvail: 0 } });
    expect((await as<FeedAnswer>(u.browser, 'GET', `/api/plants/by-user/${u.profile.username}`)).data).toMatchObject({ plants: [], counts: { plantsAll: 0, plantsAvail: 0 } });
    const { hostUrl } = await import('../support/api');
    for (const photo of plant.photos) expect((await fetch(new URL(`/${photo.key}`, hostUrl()))).status).toBe(404);
    expect((await as(u.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: [tag] })).data).toEqual({ removed: [tag] });
  });

  it('removes each photo\'s small rendition with it', async () => {
    const u = await registeredUser();
    const key = await uploadPhoto(u, TINY_JPEG, 'image/jpeg', { body: TINY_JPEG });
    const post = await newPost(u, { photos: [{ key }] });
    const small = post.photos[0]!.small!;
    expect((await fetch(`${hostUrl()}/${small}`)).status).toBe(200);
    expect((await as(u.browser, 'DELETE', '/api/iam/posts', { postId: post.id, userId: u.uuid })).status).toBe(200);
    expect((await fetch(`${hostUrl()}/${key}`)).status).toBe(404);
    expect((await fetch(`${hostUrl()}/${small}`)).status).toBe(404);
  });
});
