import { useState } from 'react';
import { formatScorePercent, scoreIndicatorColor } from '../../lib/profile/score-message';
import { Avatar } from '../ui/Avatar';
import { Modal } from '../ui/Modal';
import { ProgressBar } from './ProgressBar';

export interface ScoreChecklistEntry {
  item: string;
  /** Translated label of the item. */
  label: string;
  complete: boolean;
  /** Where on the profile page the item is completed, if anywhere. */
  href?: string | null;
}

export interface ProfileScoreDialogProps {
  /** 0 to 100. */
  score: number;
  profileName: string;
  pictureUrl: string | null;
  /** The profile score message, translated. */
  message: string;
  checklist: ScoreChecklistEntry[];
  /** Every label, translated by the server (islands ship no i18n runtime). */
  labels: { open: string; close: string; title: string; completeness: string; complete: string; incomplete: string };
}

function HelpIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.75">
      <circle cx="10" cy="10" r="8.25" />
      <path d="M7.75 7.6a2.3 2.3 0 1 1 3.2 2.1c-.6.27-.95.8-.95 1.45v.35" strokeLinecap="round" />
      <circle cx="10" cy="14.4" r="0.4" fill="currentColor" />
    </svg>
  );
}

function CheckIcon({ complete }: { complete: boolean }) {
  return complete ? (
    <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 8.5l3.2 3.2L13 4.8" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5">
      <circle cx="8" cy="8" r="5.5" />
    </svg>
  );
}

/**
 * The profile score dialog: a help button opening the completion percentage,
 * the picture or first letter, the completeness bar and the checklist (complete items
 * checked and highlighted). Hydrated on first interaction (`client:interaction`).
 */
export default function ProfileScoreDialog({ score, profileName, pictureUrl, message, checklist, labels }: ProfileScoreDialogProps) {
  const [open, setOpen] = useState(false);
  const percent = formatScorePercent(score);
  const scoreColour = scoreIndicatorColor(score) === 'success' ? 'text-success' : 'text-primary';

  return (
    <>
      <button
        type="button"
        aria-label={labels.open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex h-3 w-3 items-center justify-center rounded-full text-primary hover:bg-primary-light"
      >
        <HelpIcon />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={labels.title} closeLabel={labels.close}>
        <div className="flex items-center gap-2">
          <Avatar name={profileName} src={pictureUrl} size="large" />
          <div>
            <p className={`text-h1 ${scoreColour}`}>{percent}</p>
            <p className="font-medium">{message}</p>
          </div>
        </div>
        <div className="mt-2 flex flex-col gap-0.5">
          <span className="font-medium" aria-hidden="true">
            {labels.completeness}
          </span>
          <ProgressBar value={score} label={labels.completeness} size="large" />
        </div>
        <ul className="mt-2 flex flex-col gap-0.5">
          {checklist.map((entry) => (
            <li
              key={entry.item}
              data-complete={entry.complete}
              className={`flex items-center gap-1 rounded px-1 py-0.5 ${entry.complete ? 'bg-green-50 font-semibold text-success' : 'text-gray-700'}`}
            >
              <CheckIcon complete={entry.complete} />
              {entry.href && !entry.complete ? (
                <a href={entry.href} className="inline-block text-primary-dark underline">
                  {entry.label}
                </a>
              ) : (
                <span>{entry.label}</span>
              )}
              <span className="sr-only">{`, ${entry.complete ? labels.complete : labels.incomplete}`}</span>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
