print("transcript")
