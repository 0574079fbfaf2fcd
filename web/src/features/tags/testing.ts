/** Tags as the routes answer them, for the screens' tests. */
import type { TagNode, TagView, UserInterests } from '@shared/answers/tags';

export function makeTag(name: string, over: Partial<TagView> = {}): TagView {
  return {
    id: name, name, label: name, description: null, isParent: false, parentName: null, usageCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
    interestCategory: false, childCount: 0, deleting: false, ...over,
  };
}

export function makeNode(parent: TagView, children: TagView[]): TagNode {
  return { tag: { ...parent, isParent: true, childCount: children.length }, children: children.map((c) => ({ ...c, parentName: parent.name })), moreChildren: false };
}

export const interestsAnswer = (list: [string, 'grow' | 'swap' | 'learn'][]): UserInterests => ({
  interests: list.map(([name, interestType]) => ({ tag: makeTag(name), interestType, followedAt: '2026-01-02T00:00:00.000Z' })),
  max: 60,
});
