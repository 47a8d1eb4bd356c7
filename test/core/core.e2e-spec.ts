import { runCaseFiles } from '../support/case-files';

runCaseFiles(__dirname);
