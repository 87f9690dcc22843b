import { useUserToken } from '../../state/session-store';
import { TvActivation } from './tv-activation';
import { TvHome } from './tv-home';
import styles from './tv.module.css';

/**
 * /tv (issue 18): the big-screen client that makes device activation meaningful. A 10-foot
 * layout, driven by the arrow keys: a code to confirm on /activation until a household signs this
 * screen in, then the home's lanes, whose titles play with the player route.
 */
export default function TvPage() {
  const token = useUserToken();
  return <main className={styles.tv}>{token ? <TvHome /> : <TvActivation />}</main>;
}
