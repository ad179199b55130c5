export * from '@mysten/bcs';
