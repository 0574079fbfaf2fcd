/** A plant post as a card: its names and availability badge above the owner's words and photos. */
import { PostCard, type PostCardProps } from './post-card';

/** PostCard shows a plant's parts (names, badge, facts) whenever the post is a plant post. */
export function PlantCard(props: PostCardProps) {
  return <PostCard titleAs="h3" {...props} />;
}

/** The card a feed item needs, whichever kind it is. */
export function ContentCard(props: PostCardProps) {
  return props.post.kind === 'plant' ? <PlantCard {...props} /> : <PostCard {...props} />;
}
