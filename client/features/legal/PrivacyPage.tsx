import { LegalLayout } from "./LegalLayout";

export default function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" updated="22 November 2026">
      <p>
        This policy explains what Crosscast processes, why, for how long, and who helps us run it.
      </p>
      <h2>What we process</h2>
      <ul>
        <li>
          Account data: your email address, optional name, phone number and profile picture, and a
          salted hash of your password (never the password itself).
        </li>
        <li>
          Organisation data: its name, logo, time zone, members and their roles, and a log of
          administrative actions (who changed what, and when).
        </li>
        <li>
          Channel and show metrics fetched from YouTube and Simplecast with the API keys your
          organisation provides. Keys are encrypted at rest and never shown again after saving.
        </li>
        <li>
          Report files you generate (CSV and JSON), and spreadsheets created in the Google account
          your organisation connects.
        </li>
        <li>
          Security records: sign-in attempts (to stop password guessing) and technical logs with a
          request id. Logs never contain passwords, tokens or API keys.
        </li>
      </ul>
      <h2>Why</h2>
      <p>
        Only to provide the service to your organisation: show your metrics, produce your reports,
        keep accounts secure, and send the emails the service needs (confirmations, invitations,
        password resets).
      </p>
      <h2>How long</h2>
      <ul>
        <li>
          Metrics and reports: while your organisation keeps the channel, show or report; deleting
          them deletes their history and files.
        </li>
        <li>Sessions expire after 30 days of inactivity; failed sign-in records after a day.</li>
        <li>Accounts: until removed by you or your organisation's administrator.</li>
      </ul>
      <h2>Who helps us (subprocessors)</h2>
      <ul>
        <li>Cloudflare: hosting, database and file storage.</li>
        <li>Resend: delivery of the service's emails.</li>
        <li>Google: only when your organisation connects a Google account for Sheets export.</li>
        <li>
          YouTube (Google) and Simplecast: the sources of your metrics, reached with your
          organisation's keys.
        </li>
      </ul>
      <h2>Your rights</h2>
      <p>
        You can see and correct your profile in Account Settings, and ask us to export or delete
        your data. Contact privacy@crosscast.example.
      </p>
    </LegalLayout>
  );
}
