# Army lists and their settings now live in the rosters app: rosters 0002 copied them there
# (and copies them back when this is reversed) before these columns go.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0024_result_outcome_ended_power'),
        ('rosters', '0002_lists_from_tournament'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='event',
            name='list_deadline',
        ),
        migrations.RemoveField(
            model_name='event',
            name='list_publication',
        ),
        migrations.RemoveField(
            model_name='player',
            name='army_list',
        ),
        migrations.RemoveField(
            model_name='player',
            name='list_comment',
        ),
        migrations.RemoveField(
            model_name='player',
            name='list_status',
        ),
        migrations.RemoveField(
            model_name='player',
            name='list_updated_at',
        ),
    ]
