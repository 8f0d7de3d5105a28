import { useEffect, useRef, useState } from 'react';
import type { TvPlaylistAd } from './player-storage';

/** How long a medium that fails to load stays (blank) before the next one: no busy loop when all fail. */
const FAILED_MS = 2_000;
/** A video that neither ends nor fails (a stalled stream) gives way after its duration plus this. */
const STALL_MARGIN_MS = 30_000;

/** Tells the ad API that the ad is on screen (its signed impression URL; lost when offline). */
function fireImpression(ad: TvPlaylistAd) {
  void fetch(ad.impression_url, { method: 'POST', keepalive: true }).catch(() => undefined);
}

/** The next round: the ads just approved first (they should be seen now), then the others in the API's order. */
function nextRound(ads: TvPlaylistAd[], seen: Set<number>): TvPlaylistAd[] {
  return [...ads.filter((a) => !seen.has(a.ad_id)), ...ads.filter((a) => seen.has(a.ad_id))];
}

const fill = { position: 'fixed', inset: 0, width: '100vw', height: '100vh', objectFit: 'contain', background: '#000' } as const;

function Slide({ ad, onDone }: { ad: TvPlaylistAd; onDone: () => void }) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shown = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const after = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => done.current(), ms);
  };
  const onShown = (ms: number) => {
    if (shown.current) return;
    shown.current = true;
    fireImpression(ad);
    after(ms);
  };

  if (ad.media_type === 'video')
    return (
      <video
        data-testid="tv-player-ad"
        data-ad-id={ad.ad_id}
        src={ad.media_url}
        style={fill}
        autoPlay
        muted
        playsInline
        preload="auto"
        onPlaying={() => onShown(ad.duration * 1000 + STALL_MARGIN_MS)}
        onEnded={() => after(0)}
        onError={() => after(FAILED_MS)}
      />
    );
  return (
    <img
      data-testid="tv-player-ad"
      data-ad-id={ad.ad_id}
      src={ad.media_url}
      alt=""
      style={fill}
      onLoad={() => onShown(Math.max(ad.duration, 1) * 1000)}
      onError={() => after(FAILED_MS)}
    />
  );
}

/**
 * Plays the playlist full screen, one ad after the other: an image for its duration, a video to
 * its end, each impression fired as the ad appears. A new playlist is taken at the next change of
 * ad, its new ads first; at the end of a round `onRound` asks for a fresh one.
 */
export function AdRotator({ ads, onRound }: { ads: TvPlaylistAd[]; onRound: () => void }) {
  const seen = useRef(new Set<number>());
  const [round, setRound] = useState(() => ({ list: ads, index: 0, source: ads, n: 0 }));
  const current = round.list[round.index];

  useEffect(() => {
    if (current) seen.current.add(current.ad_id);
  }, [current]);

  const advance = () => {
    const sameList = ads === round.source;
    if (sameList && round.index + 1 >= round.list.length) onRound();
    setRound((r) =>
      ads === r.source && r.index + 1 < r.list.length
        ? { ...r, index: r.index + 1, n: r.n + 1 }
        : { list: nextRound(ads, seen.current), index: 0, source: ads, n: r.n + 1 },
    );
  };

  if (!current) return null;
  return <Slide key={`${round.n}-${current.ad_id}`} ad={current} onDone={advance} />;
}
