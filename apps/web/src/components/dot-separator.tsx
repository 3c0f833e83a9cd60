/** A small dot between inline facts; drawn, not typed, so no Latin font file is fetched for it. */
export function DotSeparator() {
  return <span aria-hidden="true" className="mx-1.5 inline-block size-1 rounded-full bg-current align-middle opacity-60" />;
}
