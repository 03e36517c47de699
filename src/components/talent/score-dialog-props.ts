import type { ProfileScoreDialogProps } from '../../islands/profile/ProfileScoreDialog';
import type { Translate } from '../../lib/i18n/i18n';
import { completenessChecklist } from '../../lib/profile/profile-score';
import { scoreMessageKey } from '../../lib/profile/score-message';
import type { TalentProfileView } from '../../lib/talent/profile-operations';
import { checklistHref, scoreInputOf } from '../../lib/talent/score-steps';

/**
 * The props of a part that shows the profile's score with its dialog (the profile page's
 * header, the dashboard's score card): the profile, and the name the dialog says while the
 * profile has none yet.
 */
export interface ScoredProfileProps {
  profile: TalentProfileView;
  fallbackName: string;
}

/** The profile's picture as menus and dialogs show it (the resized copy when there is one). */
export function pictureUrlOf(profile: Pick<TalentProfileView, 'profilePicture'>): string | null {
  return profile.profilePicture?.optimizedUrl || profile.profilePicture?.url || null;
}

/** Everything the score dialog island shows, translated here: islands ship no i18n runtime. */
export function scoreDialogProps(profile: TalentProfileView, fallbackName: string, t: Translate): ProfileScoreDialogProps {
  return {
    score: profile.profileScore,
    profileName: profile.profileName || fallbackName,
    pictureUrl: pictureUrlOf(profile),
    message: t(`profile:${scoreMessageKey(profile.profileScore)}`),
    checklist: completenessChecklist(scoreInputOf(profile)).map(({ item, complete }) => ({
      item,
      complete,
      label: t(`profile:score.items.${item}`),
      href: checklistHref(item),
    })),
    labels: {
      open: t('profile:score.open'),
      close: t('profile:score.close'),
      title: t('profile:score.title'),
      completeness: t('profile:score.completeness'),
      complete: t('profile:score.state.complete'),
      incomplete: t('profile:score.state.incomplete'),
    },
  };
}
