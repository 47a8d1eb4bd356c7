import { Module } from '@nestjs/common';
import { MaintenanceTasks } from './maintenance.tasks';

@Module({ providers: [MaintenanceTasks] })
export class MaintenanceModule {}
