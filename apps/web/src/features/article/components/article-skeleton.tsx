import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function ArticleSkeleton() {
  return (
    <div aria-busy="true" aria-label="در حال بارگذاری خبر" className="mx-auto max-w-3xl space-y-4">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="aspect-video w-full rounded-2xl" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  );
}
