import { PlaceholderPage } from '../../components/placeholder-page';

/**
 * Any path outside the route table (spec part 2 §2): the text 'PAGE UNDER CONSTRUCTION',
 * verbatim in every language. The 404 page analytics event comes with the analytics issue.
 */
export default function UnderConstructionPage() {
  return <PlaceholderPage title="PAGE UNDER CONSTRUCTION" />;
}
