/** Placeholder until the multi-channel issue lands: the Multi-Channel tab of the Reports page. */
export default function MultiChannelTab(_props: { orgId: string }) {
  return <p className="text-sm text-slate-500">Multi-channel reports will appear here.</p>;
}
