/** Structured JSON logs (AWS Lambda Powertools). Level from POWERTOOLS_LOG_LEVEL. */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'leafline' });
