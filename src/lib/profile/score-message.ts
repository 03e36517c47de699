/** i18n keys (profile namespace) of the profile score messages. */
export type ScoreMessageKey =
  | 'score.messages.keepImproving'
  | 'score.messages.greatWork'
  | 'score.messages.keepItUp'
  | 'score.messages.almostDone'
  | 'score.messages.complete';

/** Under 25, 25–49, 50–74, 75–99, exactly 100. */
export function scoreMessageKey(score: number): ScoreMessageKey {
  if (score >= 100) return 'score.messages.complete';
  if (score >= 75) return 'score.messages.almostDone';
  if (score >= 50) return 'score.messages.keepItUp';
  if (score >= 25) return 'score.messages.greatWork';
  return 'score.messages.keepImproving';
}

/** The indicator is the success colour at 100, primary otherwise. */
export function scoreIndicatorColor(score: number): 'success' | 'primary' {
  return score >= 100 ? 'success' : 'primary';
}

/** Scores are shown as rounded percentages. */
export function formatScorePercent(score: number): string {
  return `${Math.round(score)}%`;
}
