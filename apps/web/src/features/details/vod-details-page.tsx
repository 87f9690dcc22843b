import { Suspense, useMemo, useState } from 'react';
import { Link, useParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@antenne/contract';
import { stripAssetPrefix, useAsset, useRecommendations, useTags } from '../../api/get-asset';
import { isApiError } from '../../api/client';
import { AdSlot } from '../../components/ad-slot/ad-slot';
import { favoriteTargetOf } from '../../api/favorites';
import { AssetCard } from '../../components/asset-card/asset-card';
import { useFavorite } from '../../components/asset-card/use-favorite';
import { CsaIcon } from '../../components/csa-icon';
import { csaLevelOf, descriptionOf, minutesOf, titleOf } from '../../lib/asset-display';
import {
  backgroundOf,
  castOf,
  categoryTagOf,
  chipsOf,
  chipTagIds,
  displayNames,
  logoOf,
  playerPath,
  recommendationTag,
  seasonsOf,
  tagTitle,
  trailerIdOf,
} from './details-model';
import { DetailsBackground } from './details-background';
import { DetailsOverlay } from './details-overlay';
import { PlayAction } from './play-action';
import { SeasonPicker } from './season-picker';
import { useResumePoint } from './use-resume-point';
import { WatchProgress } from './watch-progress';
import styles from './vod-details-page.module.css';
import { imageAt } from '../../lib/image-url';

/** /details/vod/:id — a film, an episode or a series; `redbee:` ids are the same asset. */
export default function VodDetailsPage() {
  const { id = '' } = useParams();
  const assetId = stripAssetPrefix(decodeURIComponent(id));
  // Keyed on the id: another title starts from a fresh state (season, overlay).
  return <VodDetails key={assetId} assetId={assetId} />;
}

function VodDetails({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const asset = useAsset(assetId || undefined);

  if (asset.isPending) {
    return (
      <div className={styles.page}>
        <div className={styles.background} aria-hidden="true" />
        <p role="status" className={styles.status}>
          {t('DETAILS.LOADING')}
        </p>
      </div>
    );
  }
  if (asset.isError) {
    const notFound =
      isApiError(asset.error) && (asset.error.httpCode === 404 || asset.error.httpCode === 400);
    return (
      <div className={styles.page}>
        <h1 className="visually-hidden">{t('PAGES.DETAILS')}</h1>
        <p className={styles.status} role={notFound ? undefined : 'alert'}>
          {notFound ? t('GENERAL.NO_CONTENT') : t('DETAILS.ERROR')}
        </p>
      </div>
    );
  }
  return <Details asset={asset.data} />;
}

function Details({ asset }: { asset: Asset }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = titleOf(asset, language);
  const summary = descriptionOf(asset, language);
  const background = backgroundOf(asset, language);
  const logo = logoOf(asset, language);
  const level = csaLevelOf(asset);
  const minutes = minutesOf(asset.duration);
  const trailerId = trailerIdOf(asset);
  const countries = displayNames(asset.productionCountries, language, 'region');
  const { actors, directors } = castOf(asset);

  const tagIds = useMemo(() => chipTagIds(asset), [asset]);
  const tags = useTags(tagIds);
  const titles = new Map<string, string>();
  tags.forEach((query, i) => {
    const label = tagTitle(query.data, language);
    const tagId = tagIds[i];
    if (label && tagId) titles.set(tagId, label);
  });
  const chips = chipsOf(asset, titles);

  const seasons = useMemo(() => seasonsOf(asset), [asset]);
  const isShow = asset.type === 'TV_SHOW';
  const [seasonId, setSeasonId] = useState(seasons[0]?.seasonId);
  const season = seasons.find((s) => s.seasonId === seasonId) ?? seasons[0];
  const episodes = season?.episodes ?? [];
  const firstEpisode = episodes[0];

  // A film or an episode resumes where the signed-in user stopped; a series plays the selected
  // season's first episode from the start (spec part 2 §4).
  const resume = useResumePoint(isShow ? undefined : asset.assetId, asset.duration);
  const play = isShow
    ? firstEpisode && { to: playerPath(firstEpisode.assetId, 0), episode: firstEpisode.episode }
    : {
        to: playerPath(asset.assetId, resume?.seconds),
        episode: asset.type === 'EPISODE' ? asset.episode : undefined,
      };
  const playLabel = (() => {
    if (!play) return '';
    if (resume)
      return play.episode ? t('DETAILS.RESUME_EPISODE', { episode: play.episode }) : t('DETAILS.RESUME');
    return play.episode ? t('DETAILS.WATCH_EPISODE', { episode: play.episode }) : t('DETAILS.WATCH');
  })();

  const reco = recommendationTag(asset);
  const recommendations = useRecommendations(reco?.tagId, reco?.scheme, asset.assetId);
  const recoItems = (recommendations.data?.items ?? []).filter((a) => a.assetId !== asset.assetId);

  // A series is favourited by its show id; the episode the user is on goes too when it is removed.
  const favorite = useFavorite(favoriteTargetOf(asset, isShow ? firstEpisode?.assetId : undefined));

  return (
    <div className={styles.page}>
      <DetailsBackground image={background} />
      <div className={styles.content}>
        <h1 className={styles.title}>
          {logo ? (
            // Its declared size reserves the space (no shift when it arrives); 800×300 when undeclared.
            <img
              className={styles.logo}
              src={imageAt(logo.url, 800)}
              width={logo.width ?? 800}
              height={logo.height ?? 300}
              alt={title}
            />
          ) : (
            title
          )}
        </h1>

        {chips.length > 0 ? (
          <ul className={styles.chips} aria-label={t('DETAILS.CATEGORIES')}>
            {chips.map((chip) => (
              <li key={chip.tagId} className={styles.chip}>
                {chip.label}
              </li>
            ))}
          </ul>
        ) : null}

        <p className={styles.facts}>
          {minutes !== undefined ? <span>{t('DETAILS.MINUTES', { count: minutes })}</span> : null}
          {level ? (
            <Link to="/csa" className={styles.csa}>
              <CsaIcon level={level} size={28} />
            </Link>
          ) : null}
          {asset.productionYear ? <span>{asset.productionYear}</span> : null}
          {countries.length > 0 ? <span>{countries.join(', ')}</span> : null}
        </p>

        {summary ? <p className={styles.summary}>{summary}</p> : null}
        {actors.length > 0 ? (
          <p className={styles.cast}>
            <span className={styles.castLabel}>{t('DETAILS.CAST')} : </span>
            {actors.join(', ')}
          </p>
        ) : null}
        {directors.length > 0 ? (
          <p className={styles.cast}>
            <span className={styles.castLabel}>{t('DETAILS.DIRECTOR')} : </span>
            {directors.join(', ')}
          </p>
        ) : null}

        {resume ? <WatchProgress resume={resume} /> : null}

        {/* The actions (the overlay's dialog, the favourite) hydrate in a task of their own. */}
        <Suspense fallback={null}>
          <div className={styles.actions} role="group" aria-label={t('DETAILS.ACTIONS')}>
            {play ? (
              <PlayAction to={play.to} label={playLabel} className={`${styles.action} ${styles.primary}`} />
            ) : null}
            <DetailsOverlay
              asset={asset}
              title={title}
              summary={summary}
              countries={countries}
              actors={actors}
              minutes={minutes}
              triggerClassName={styles.action ?? ''}
            />
            <button
              type="button"
              className={styles.action}
              aria-pressed={favorite.on}
              aria-busy={favorite.busy || undefined}
              onClick={favorite.press}
            >
              {favorite.on ? t('FAVORITES.IN_FAVORITES') : t('DETAILS.FAVOURITE')}
            </button>
            {trailerId ? (
              // Trailers need no sign-in: everyone goes to the player, which shows its errors in a popup.
              <Link className={styles.action} to={playerPath(trailerId)}>
                {t('DETAILS.TRAILER')}
              </Link>
            ) : null}
          </div>
        </Suspense>
      </div>

      {/* Below the title and the actions, each section is its own Suspense boundary: a
          server-rendered page hydrates them one by one, a task each, after the rest
          (docs/adr/0030). */}
      {isShow ? (
        <Suspense fallback={null}>
          <section className={styles.section} aria-labelledby="details-episodes">
            <h2 id="details-episodes" className={styles.sectionTitle}>
              {t('DETAILS.EPISODES')}
            </h2>
            {seasons.length > 0 ? (
              <SeasonPicker seasons={seasons} selected={season?.seasonId} onSelect={setSeasonId} />
            ) : null}
            {episodes.length > 0 ? (
              <ul
                className={styles.row}
                aria-label={season ? t('DETAILS.SEASON', { number: season.season }) : undefined}
              >
                {episodes.map((episode) => (
                  <li key={episode.assetId} className={styles.item}>
                    <AssetCard asset={episode} orientation="landscape" />
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('DETAILS.NO_EPISODES')}</p>
            )}
          </section>
        </Suspense>
      ) : null}

      <AdSlot position="middle" page="details" category={categoryTagOf(asset)} />

      {recoItems.length > 0 ? (
        <Suspense fallback={null}>
          <section className={styles.section} aria-labelledby="details-recommendations">
            <h2 id="details-recommendations" className={styles.sectionTitle}>
              {t('DETAILS.RECOMMENDATIONS')}
            </h2>
            <ul className={styles.row}>
              {recoItems.map((item) => (
                <li key={item.assetId} className={styles.item}>
                  <AssetCard asset={item} orientation="landscape" />
                </li>
              ))}
            </ul>
          </section>
        </Suspense>
      ) : null}
    </div>
  );
}
