import { LegalLayout } from "./LegalLayout";

export default function LegalPage() {
  return (
    <LegalLayout title="Terms of Service" updated="22 November 2026">
      <p>
        These terms govern your organisation's use of Crosscast, a hosted service that collects
        performance figures of the YouTube channels and Simplecast shows your organisation connects,
        and turns them into dashboards, exports and multi-channel reports.
      </p>
      <h2>Your account and organisation</h2>
      <ul>
        <li>
          Each person signs in with their own account. Keep your password private; you are
          responsible for activity under your account.
        </li>
        <li>
          Organisation administrators decide who is a member, what role they have, and which API
          keys and Google account the organisation uses.
        </li>
        <li>
          Temporary passwords sent by email expire after 24 hours and must be replaced at first
          sign-in.
        </li>
      </ul>
      <h2>Your content and third-party services</h2>
      <ul>
        <li>
          You keep all rights to your data. We process it only to provide the service to your
          organisation.
        </li>
        <li>
          You must be entitled to use the YouTube, Simplecast and Google accounts and API keys you
          connect, and their terms continue to apply to that use.
        </li>
        <li>
          Figures come from those providers and are shown as they report them (for example, YouTube
          rounds subscriber counts).
        </li>
      </ul>
      <h2>Acceptable use</h2>
      <p>
        Do not attempt to access another organisation's data, probe or overload the service, or use
        it to break any law or any provider's terms.
      </p>
      <h2>Availability and changes</h2>
      <p>
        We work to keep the service available and announce changes in the Update Log. Exports to
        Google Sheets depend on Google and may be temporarily unavailable while CSV and JSON exports
        keep working.
      </p>
      <h2>Ending</h2>
      <p>
        An administrator can remove members and data at any time. Removing a member who belongs to
        no other organisation deletes their account.
      </p>
      <h2>Contact</h2>
      <p>Questions about these terms: legal@crosscast.example.</p>
    </LegalLayout>
  );
}
