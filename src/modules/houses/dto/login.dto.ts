import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @IsString({ message: 'House is required.' })
  @IsNotEmpty({ message: 'House is required.' })
  @MaxLength(64)
  house!: string;

  @IsString({ message: 'User name is required.' })
  @IsNotEmpty({ message: 'User name is required.' })
  @MaxLength(64)
  username!: string;

  @IsString({ message: 'Password is required.' })
  @IsNotEmpty({ message: 'Password is required.' })
  @MaxLength(200)
  password!: string;
}
