"""The app's screens: home, lessons, lesson, play, texts and help."""
